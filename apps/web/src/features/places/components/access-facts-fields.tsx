import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCESS_KINDS, ACCESS_LABELS, MONTH_NAMES, type PlaceFormInput, type PlaceFormOutput, TEXT } from '@sendero/contract';
import { PLACE_FIELD_LABELS } from './place-form-values';

interface AccessFactsFieldsProps {
  control: Control<PlaceFormInput, unknown, PlaceFormOutput>;
  register: UseFormRegister<PlaceFormInput>;
  errors: FieldErrors<PlaceFormInput>;
}

type NumberName = 'altitude_m' | 'fee_pen' | 'daily_quota';

/** The place form's access facts (docs/product.md#access-facts): all optional; months as twelve toggles. */
export function AccessFactsFields({ control, register, errors }: AccessFactsFieldsProps) {
  const numberField = (name: NumberName, step: number, helper?: string) => {
    const { ref, ...field } = register(name);
    const error = errors[name]?.message;
    return (
      <TextField
        {...field}
        inputRef={ref}
        id={`place-${name}`}
        label={PLACE_FIELD_LABELS[name]}
        type="number"
        fullWidth
        error={Boolean(error)}
        helperText={error ?? helper}
        slotProps={{ htmlInput: { min: 0, step, inputMode: step === 1 ? 'numeric' : 'decimal' } }}
      />
    );
  };
  const source = register('facts_source');
  const { ref: sourceRef, ...sourceField } = source;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 0.5, p: 0 }}>
        {TEXT.placeForm.accessFacts}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {TEXT.placeForm.accessFactsHelp}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          name="access"
          control={control}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              inputRef={ref}
              id="place-access"
              label={PLACE_FIELD_LABELS.access}
              select
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{TEXT.placeForm.accessUnknown}</option>
              {ACCESS_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ACCESS_LABELS[k]}
                </option>
              ))}
            </TextField>
          )}
        />
        {numberField('fee_pen', 0.01, TEXT.placeForm.feeHelp)}
        {numberField('daily_quota', 1)}
        {numberField('altitude_m', 1)}
      </Box>
      <Controller
        name="closed_months"
        control={control}
        render={({ field, fieldState }) => {
          const value = field.value ?? [];
          return (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
              <Typography component="legend" variant="body1" sx={{ p: 0 }}>
                {PLACE_FIELD_LABELS.closed_months}
              </Typography>
              <FormHelperText sx={{ mt: 0 }}>{TEXT.placeForm.closedMonthsHelp}</FormHelperText>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' } }}>
                {MONTH_NAMES.map((name, i) => {
                  const month = i + 1;
                  const checked = value.includes(month);
                  return (
                    <FormControlLabel
                      key={month}
                      label={name}
                      control={
                        <Checkbox
                          checked={checked}
                          onChange={() => {
                            field.onChange(checked ? value.filter((m) => m !== month) : [...value, month].sort((a, b) => a - b));
                            field.onBlur();
                          }}
                        />
                      }
                    />
                  );
                })}
              </Box>
              {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </Box>
          );
        }}
      />
      <TextField
        {...sourceField}
        inputRef={sourceRef}
        id="place-facts_source"
        label={PLACE_FIELD_LABELS.facts_source}
        type="url"
        fullWidth
        sx={{ mt: 2 }}
        error={Boolean(errors.facts_source)}
        helperText={errors.facts_source?.message}
        slotProps={{ htmlInput: { inputMode: 'url' } }}
      />
    </Box>
  );
}
