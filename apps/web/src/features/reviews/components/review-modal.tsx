import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMMENT_MAX_LENGTH,
  limaDate,
  MAX_HAZARDS,
  MSG,
  RATING_LABELS,
  RATING_MAX,
  type RatingListItem,
  type ReviewForm,
  ReviewFormSchema,
  TEXT,
  TRAIL_CONDITION_LABELS,
  TRAIL_CONDITIONS,
  TRAIL_HAZARD_LABELS,
  TRAIL_HAZARDS,
  type TrailCondition,
} from '@sendero/contract';
import { ImageUpload } from '@/components/upload';
import { FormDialog } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { isAbortError, isApiRequestError } from '@/lib/api-client';
import { handleFormError } from '@/lib/form';
import { useCloseOnBack, useUnsavedChanges } from '@/lib/navigation-guard';
import { useOnlineStatus } from '@/lib/online-status';
import { useCreateRating } from '../api/create-rating';
import { useUpdateRating } from '../api/update-rating';

interface ReviewModalProps {
  open: boolean;
  onClose: () => void;
  placeId: string;
  placeName: string;
  /** The caller's own review to correct ('Editar reseña'); a new review when absent. */
  review?: RatingListItem;
}

// A rating of 0 means "no star chosen yet"; the schema asks for 1-5. The walk is today by default.
const empty = (): ReviewForm => ({ photo_url: '', rating: 0, comment: '', walked_on: limaDate(), condition: null, hazards: [] });
const valuesOf = (review: RatingListItem): ReviewForm => ({
  photo_url: review.photo_url,
  rating: review.rating,
  comment: review.comment,
  walked_on: review.walked_on ?? limaDate(),
  condition: review.condition,
  hazards: review.hazards,
});

/** Width of one star at size="large" (MUI's 1.875rem). */
const STAR_REM = 1.875;

/**
 * MUI stacks every visually hidden radio at the first star; each is moved over its own star so a
 * click aimed at the radio (assistive or automation tools) lands on the star it stands for.
 */
const RADIOS_OVER_STARS = Object.fromEntries(
  Array.from({ length: RATING_MAX }, (_, i) => [
    `& > input:nth-of-type(${i + 1})`,
    { left: `${(i + 0.5) * STAR_REM}rem`, top: `${STAR_REM / 2}rem`, clipPath: 'none', opacity: 0, zIndex: 1 },
  ]),
);

function labelFor(value: number | null): string {
  return value ? (RATING_LABELS[value as keyof typeof RATING_LABELS] ?? '') : '';
}

/**
 * 'Cuéntanos tu experiencia' (docs/product.md#reviews, width 600): a photo cropped 4:3, stars with their labels
 * and a comment. 'Enviar' stays disabled until all three are given; the fields start empty on
 * every opening (the form is mounted afresh).
 */
export function ReviewModal({ open, onClose, placeId, placeName, review }: ReviewModalProps) {
  return (
    <FormDialog open={open} onClose={onClose} labelledBy="review-modal-title">
      <ReviewFormBody onClose={onClose} placeId={placeId} placeName={placeName} review={review} />
    </FormDialog>
  );
}

function ReviewFormBody({ onClose, placeId, placeName, review }: Omit<ReviewModalProps, 'open'>) {
  const { showError } = useToast();
  const create = useCreateRating(placeId);
  const update = useUpdateRating(placeId);
  const online = useOnlineStatus();
  const [hover, setHover] = useState(-1);
  const [uploading, setUploading] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  // The send in flight: 'Cancelar' (or closing the modal any way) aborts it.
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isValid, isSubmitting, isDirty, dirtyFields },
  } = useForm<ReviewForm>({
    resolver: zodResolver(ReviewFormSchema),
    defaultValues: review ? valuesOf(review) : empty(),
    mode: 'onTouched',
  });
  // Back closes the modal, but asks first when something was written or chosen.
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  useUnsavedChanges(isDirty);
  useCloseOnBack(true, () => {
    if (isDirty) setConfirmDiscard(true);
    else onClose();
  });
  const rating = watch('rating');
  const commentLength = watch('comment').length;
  // A comment pasted over the limit is kept as pasted (not cut silently): the message says why 'Enviar'
  // is disabled, at once, before the field is left.
  const commentTooLong = commentLength > COMMENT_MAX_LENGTH;
  const commentError = errors.comment?.message ?? (commentTooLong ? MSG.commentTooLong : undefined);
  const { ref: commentRef, ...commentField } = register('comment');

  const cancel = () => {
    sending.current?.abort();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    setConflict(null);
    setSendError(null);
    const controller = new AbortController();
    sending.current = controller;
    try {
      if (review) {
        // Only what was changed: an older review without a date does not get today's by being corrected.
        const changed = Object.fromEntries(Object.entries(values).filter(([key]) => dirtyFields[key as keyof ReviewForm]));
        if (Object.keys(changed).length > 0) await update.mutateAsync({ id: review._id, body: changed, signal: controller.signal });
      }
      else await create.mutateAsync({ body: { id_place: placeId, ...values }, signal: controller.signal });
      onClose();
    } catch (e) {
      if (isAbortError(e)) return;
      if (isApiRequestError(e) && e.status === 0) {
        // No network (or no answer): say so in the modal too; everything typed stays.
        setSendError(e.message);
        showError(e.message);
        return;
      }
      if (isApiRequestError(e) && e.status === 409) {
        setConflict(e.message);
        return;
      }
      handleFormError(e, { setError, fields: ['photo_url', 'rating', 'comment', 'walked_on', 'condition', 'hazards'], onOther: showError });
    }
  });

  // While the pointer is over a star its label shows; otherwise the chosen one's.
  const shownLabel = labelFor(hover >= 1 && hover <= RATING_MAX ? hover : rating);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id="review-modal-title" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {review ? TEXT.conditions.editTitle(placeName) : TEXT.reviews.modalTitle(placeName)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {confirmDiscard && (
            // The buttons go under the question, not beside it: beside, a phone squeezes the question
            // into a narrow column.
            <Alert severity="warning" sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
              <Typography id="review-discard-question" variant="body2">
                {TEXT.reviews.discardQuestion}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                <Button color="inherit" size="small" onClick={() => setConfirmDiscard(false)}>
                  {TEXT.reviews.keepWriting}
                </Button>
                <Button color="inherit" size="small" onClick={cancel}>
                  {TEXT.reviews.discard}
                </Button>
              </Stack>
            </Alert>
          )}
          {conflict && <Alert severity="warning">{conflict}</Alert>}
          {sendError && <Alert severity="error">{sendError}</Alert>}
          <Controller
            name="photo_url"
            control={control}
            render={({ field, fieldState }) => (
              <Box>
                <ImageUpload
                  preset="rating"
                  value={field.value}
                  onChange={(url) => {
                    field.onChange(url);
                    field.onBlur();
                  }}
                  alt={TEXT.reviews.photo}
                  label={field.value ? TEXT.reviews.changePhoto : TEXT.reviews.addPhoto}
                  onBusyChange={setUploading}
                />
                {fieldState.error && (
                  <Typography color="error" variant="caption" role="alert">
                    {fieldState.error.message}
                  </Typography>
                )}
              </Box>
            )}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 500, mb: 0.5 }}>
              {TEXT.reviews.rating}
            </Typography>
            <Controller
              name="rating"
              control={control}
              render={({ field }) => (
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Rating
                    name="rating"
                    value={field.value || null}
                    max={RATING_MAX}
                    precision={1}
                    size="large"
                    sx={RADIOS_OVER_STARS}
                    onChange={(_e, v) => {
                      field.onChange(v ?? 0);
                      field.onBlur();
                    }}
                    onChangeActive={(_e, v) => setHover(v)}
                    getLabelText={(v) => TEXT.reviews.starLabel(v, labelFor(v))}
                    emptyLabelText={TEXT.reviews.noRating}
                  />
                  <Typography aria-live="polite" sx={{ minWidth: 80, fontWeight: 500, color: 'primary.main' }}>
                    {shownLabel}
                  </Typography>
                </Stack>
              )}
            />
          </Box>
          <TextField
            {...commentField}
            inputRef={commentRef}
            id="review-comment"
            label={TEXT.reviews.comment}
            multiline
            minRows={3}
            maxRows={8}
            fullWidth
            error={Boolean(commentError)}
            helperText={
              <Box component="span" sx={{ display: 'flex', gap: 1 }}>
                <Box component="span" role={commentError ? 'alert' : undefined} sx={{ flex: 1 }}>
                  {commentError}
                </Box>
                <span>{TEXT.reviews.commentCount(commentLength, COMMENT_MAX_LENGTH)}</span>
              </Box>
            }
          />
          <TrailFields control={control} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {!online && (
          <Typography id="review-send-offline" variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {MSG.offline}
          </Typography>
        )}
        {/* Always enabled: it also aborts a send in flight. */}
        <Button onClick={cancel}>{TEXT.actions.cancel}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || isSubmitting || uploading || !online}
          aria-describedby={online ? undefined : 'review-send-offline'}
        >
          {review ? TEXT.conditions.save : TEXT.reviews.send}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * docs/product.md#trail-conditions: 'Fecha de la caminata' (today by default, never later, at most two
 * years back), the state of the path and up to five hazards as chips that toggle.
 */
function TrailFields({ control }: { control: ReturnType<typeof useForm<ReviewForm>>['control'] }) {
  const today = limaDate();
  return (
    <>
      <Controller
        name="walked_on"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            id="review-walked-on"
            type="date"
            label={TEXT.conditions.walkedOn}
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
        )}
      />
      <Controller
        name="condition"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            id="review-condition"
            label={TEXT.conditions.condition}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value === '' ? null : (e.target.value as TrailCondition))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            <MenuItem value="">{TEXT.conditions.noCondition}</MenuItem>
            {TRAIL_CONDITIONS.map((c) => (
              <MenuItem key={c} value={c}>
                {TRAIL_CONDITION_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="hazards"
        control={control}
        render={({ field, fieldState }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 500, mb: 1 }}>
              {TEXT.conditions.hazards}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {TRAIL_HAZARDS.map((h) => {
                const on = field.value.includes(h);
                const full = !on && field.value.length >= MAX_HAZARDS;
                return (
                  <Chip
                    key={h}
                    label={TRAIL_HAZARD_LABELS[h]}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    aria-pressed={on}
                    disabled={full}
                    onClick={() => {
                      field.onChange(on ? field.value.filter((x) => x !== h) : [...field.value, h]);
                      field.onBlur();
                    }}
                  />
                );
              })}
            </Box>
            {fieldState.error && (
              <Typography color="error" variant="caption" role="alert">
                {fieldState.error.message}
              </Typography>
            )}
          </Box>
        )}
      />
    </>
  );
}
