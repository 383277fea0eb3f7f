import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isoToLimaLocal,
  MEETING_POINT_MAX_LENGTH,
  MSG,
  OUTING_DESCRIPTION_MAX_LENGTH,
  OUTING_MAX_AHEAD_MS,
  OUTING_MIN_LEAD_MS,
  outingFormSchema,
  type OutingFormInput,
  type OutingFormOutput,
  type Place,
  TEXT,
} from '@sendero/contract';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { FormDialog } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { handleFormError } from '@/lib/form';
import { useCloseOnBack, useUnsavedChanges } from '@/lib/navigation-guard';
import { useOnlineStatus } from '@/lib/online-status';
import { useCreateOuting } from '../api/create-outing';

interface OrganizeOutingDialogProps {
  open: boolean;
  onClose: () => void;
  place: Pick<Place, '_id' | 'name' | 'capacity'>;
}

const EMPTY: OutingFormInput = { starts_at: '', meeting_point: '', spots: '', description: '' };

/**
 * 'Organizar una salida' (docs/product.md#outings): 'Fecha y hora' typed in Lima time, 'Punto de
 * encuentro', 'Cupos' up to the place's Aforo, 'Descripción'. The contract's schema checks the form
 * as the server will; the fields start empty on every opening (the form is mounted afresh).
 */
export function OrganizeOutingDialog({ open, onClose, place }: OrganizeOutingDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} labelledBy="organize-outing-title">
      <OrganizeOutingForm onClose={onClose} place={place} />
    </FormDialog>
  );
}

function OrganizeOutingForm({ onClose, place }: Omit<OrganizeOutingDialogProps, 'open'>) {
  const create = useCreateOuting();
  const { showError } = useToast();
  const online = useOnlineStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = useMemo(() => outingFormSchema(place.capacity), [place.capacity]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<OutingFormInput, unknown, OutingFormOutput>({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' });
  useUnsavedChanges(isDirty);
  useCloseOnBack(true, onClose);
  // The picker offers what the server accepts: from 1 hour to 365 days ahead, in Lima time.
  const [min, max] = useMemo(() => {
    const now = Date.now();
    return [isoToLimaLocal(now + OUTING_MIN_LEAD_MS), isoToLimaLocal(now + OUTING_MAX_AHEAD_MS)];
  }, []);
  const form = { register, errors };

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await create.mutateAsync({
        id_place: place._id,
        starts_at: values.starts_at,
        meeting_point: values.meeting_point,
        spots: values.spots,
        ...(values.description ? { description: values.description } : {}),
      });
      onClose();
    } catch (e) {
      handleFormError(e, { setError, fields: ['starts_at', 'meeting_point', 'spots', 'description'], onOther: showError, onRefusal: setRefusal });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id="organize-outing-title" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {TEXT.outings.organize}
        <Typography component="span" color="text.secondary" sx={{ display: 'block', fontWeight: 400, overflowWrap: 'anywhere' }}>
          {place.name}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormAlert message={refusal} />
          <FormTextField
            form={form}
            name="starts_at"
            label={TEXT.outings.date}
            type="datetime-local"
            placeholder={undefined}
            helperText={errors.starts_at?.message ?? TEXT.outings.dateHelp}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max, step: 60 } }}
          />
          <FormTextField form={form} name="meeting_point" label={TEXT.outings.meetingPoint} slotProps={{ htmlInput: { maxLength: MEETING_POINT_MAX_LENGTH } }} />
          <FormTextField
            form={form}
            name="spots"
            label={TEXT.outings.spots}
            type="number"
            helperText={errors.spots?.message ?? TEXT.outings.spotsHelp(place.capacity)}
            slotProps={{ htmlInput: { min: 1, max: place.capacity, step: 1, inputMode: 'numeric' } }}
          />
          <FormTextField
            form={form}
            name="description"
            label={TEXT.outings.description}
            multiline
            minRows={3}
            maxRows={8}
            helperText={errors.description?.message ?? TEXT.outings.descriptionHelp}
            slotProps={{ htmlInput: { maxLength: OUTING_DESCRIPTION_MAX_LENGTH } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {!online && (
          <Typography id="organize-offline" variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {MSG.offline}
          </Typography>
        )}
        <Button onClick={onClose}>{TEXT.actions.cancel}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting || !online} aria-describedby={online ? undefined : 'organize-offline'}>
          {TEXT.outings.publish}
        </Button>
      </DialogActions>
    </Box>
  );
}
