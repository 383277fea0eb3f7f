import { useEffect, useState, type ElementType, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIFFICULTIES, MSG, type PlaceFormInput, type PlaceFormOutput, PlaceFormSchema, TEXT } from '@sendero/contract';
import { MultiImageUpload } from '@/components/upload';
import { useToast } from '@/components/ui/toast';
import { handleFormError } from '@/lib/form';
import { useUnsavedChanges } from '@/lib/navigation-guard';
import { LocationField } from './location-field';
import { AccessFactsFields } from './access-facts-fields';
import { EMPTY_PLACE_FORM, PLACE_FIELD_LABELS, serverFieldToFormField } from './place-form-values';

export interface PlaceFormProps {
  mode: 'create' | 'edit';
  defaultValues?: PlaceFormInput;
  /** Sends the form; a rejection with an ApiRequestError is shown under the fields or in the toast. */
  onSubmit: (values: PlaceFormOutput) => Promise<unknown>;
  /** Edit mode: 'Cancelar Cambios'. */
  onCancel?: () => void;
  /** Heading level of the title 'Crear un Destino'. */
  titleComponent?: ElementType;
  /** 'Recorrido (GPX o KML, opcional)' (docs/product.md#route-tracks): sent apart from the form's body. */
  trackField?: ReactNode;
}

/** The labels of the fields the schema still refuses, in the order of the form. */
function missingFields(values: unknown): string[] {
  const result = PlaceFormSchema.safeParse(values);
  if (result.success) return [];
  const names = new Set(result.error.issues.map((i) => i.path[0]));
  return (Object.keys(PLACE_FIELD_LABELS) as (keyof PlaceFormInput)[]).filter((n) => names.has(n)).map((n) => PLACE_FIELD_LABELS[n]);
}

type TextName = Exclude<
  FieldPath<PlaceFormInput>,
  'photos' | `photos.${number}` | 'difficulty' | 'lat' | 'lon' | 'access' | 'closed_months' | `closed_months.${number}` | 'altitude_m' | 'fee_pen' | 'daily_quota' | 'facts_source'
>;

/** The destination form shared by 'Crear un Destino' and 'Configurar Destino' (docs/product.md#place-form). */
export function PlaceForm({ mode, defaultValues = EMPTY_PLACE_FORM, onSubmit, onCancel, titleComponent = 'h1', trackField }: PlaceFormProps) {
  const { showError } = useToast();
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isValid, isSubmitting, isDirty, isSubmitSuccessful },
  } = useForm<PlaceFormInput, unknown, PlaceFormOutput>({
    resolver: zodResolver(PlaceFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  // A half-written form asks before it is thrown away (Back, a menu link, closing the tab).
  useUnsavedChanges(isDirty && !isSubmitting && !isSubmitSuccessful);

  // Which fields keep 'Finalizar' / 'Guardar cambios' disabled, in the order of the form. Computed in a
  // watch subscription so typing re-renders the form only when the list itself changes.
  const [missing, setMissing] = useState<string[]>(() => missingFields(defaultValues));
  useEffect(() => {
    const sub = watch((values) => {
      const next = missingFields(values);
      setMissing((prev) => (prev.join('|') === next.join('|') ? prev : next));
    });
    return () => sub.unsubscribe();
  }, [watch]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (e) {
      // The form keeps what the user typed; field errors go under their fields.
      handleFormError(e, { setError, fields: serverFieldToFormField, onOther: showError });
    }
  });

  const text = (name: TextName, props: TextFieldProps = {}) => {
    const error = errors[name]?.message;
    // Changing the minimum re-checks the maximum, which carries the range message.
    const { ref, ...field } = register(name, name === 'time_min' ? { deps: ['time_max'] } : undefined);
    return (
      <TextField
        {...field}
        inputRef={ref}
        id={`place-${name}`}
        label={PLACE_FIELD_LABELS[name]}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        {...props}
      />
    );
  };

  const numberProps = (min: number, step: number | 'any'): TextFieldProps => ({
    type: 'number',
    slotProps: { htmlInput: { min, step, inputMode: step === 1 ? 'numeric' : 'decimal' } },
  });

  const disabled = !isValid || isSubmitting || uploading;
  const showMissing = !isValid && !isSubmitting && missing.length > 0;
  const submitProps = { type: 'submit' as const, variant: 'contained' as const, disabled, ...(showMissing ? { 'aria-describedby': 'place-form-missing' } : {}) };

  return (
    <Paper component="form" noValidate onSubmit={submit} variant="outlined" sx={{ p: { xs: 2, sm: 3, md: 4 }, borderRadius: 3 }}>
      <Typography component={titleComponent} variant="h4" sx={{ mb: 3, fontWeight: 700, fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {TEXT.placeForm.createTitle}
      </Typography>
      <Stack spacing={3}>
        <Controller
          name="photos"
          control={control}
          render={({ field, fieldState }) => (
            <MultiImageUpload
              value={field.value}
              onChange={(urls) => {
                field.onChange(urls);
                field.onBlur();
              }}
              errorText={fieldState.error?.message}
              helperText={field.value.length === 0 ? MSG.photosRequired : undefined}
              onBusyChange={setUploading}
            />
          )}
        />
        {text('name')}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Controller
            name="difficulty"
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                id="place-difficulty"
                label={PLACE_FIELD_LABELS.difficulty}
                select
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{TEXT.placeForm.pickDifficulty}</option>
                {DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </TextField>
            )}
          />
          {text('capacity', numberProps(1, 1))}
        </Box>
        <FieldPair legend={TEXT.placeForm.walkTime}>
          {text('time_min', numberProps(0, 'any'))}
          {text('time_max', numberProps(0, 'any'))}
        </FieldPair>
        <FieldPair legend={TEXT.placeForm.location}>
          {text('time_city', numberProps(0, 'any'))}
          {text('city')}
        </FieldPair>
        <LocationField control={control} register={register} setValue={setValue} errors={errors} />
        {trackField}
        <AccessFactsFields control={control} register={register} errors={errors} />
        {text('description', { multiline: true, minRows: 3, maxRows: 5 })}
        {text('how_to_get', { multiline: true, minRows: 5, maxRows: 6 })}
        {text('tips', { multiline: true, minRows: 5, maxRows: 6 })}
        {showMissing && (
          <Typography id="place-form-missing" variant="body2" sx={{ color: 'text.secondary', textAlign: { sm: 'right' } }}>
            {`${TEXT.placeForm.missing} ${missing.join(', ')}.`}
          </Typography>
        )}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
          {mode === 'edit' ? (
            <>
              <Button variant="outlined" onClick={onCancel} disabled={isSubmitting}>
                {TEXT.placeForm.cancelChanges}
              </Button>
              <Button {...submitProps}>{TEXT.placeForm.save}</Button>
            </>
          ) : (
            <Button {...submitProps} size="large">
              {TEXT.placeForm.finish}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Two fields side by side (one above the other on a phone) under a legend. */
function FieldPair({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 1.5, p: 0 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}
