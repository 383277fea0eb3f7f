import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import { type Caller, canDeleteReview, canEditReview, canWriteReview, MSG, type RatingListItem, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteRating } from '../api/delete-rating';
import { useRatings } from '../api/get-ratings';
import { DeleteReviewDialog } from './delete-review-dialog';
import { ReviewCard } from './review-card';
import { CardGrid, CardGridSkeleton } from '@/components/ui/card-grid';
import { RetryAlert } from '@/components/ui/load-error';
import { OfflineAwareButton } from '@/components/ui/offline-aware-button';
import { useOnceTrue } from '@/lib/use-once-true';

/**
 * The review form with its validation (zod, the contract's schemas) and photo upload, ~75 KB gzip with
 * the outing form: its own chunk, loaded the first time it opens, not with every visitor's detail
 * (docs/decisions/037-lighthouse-median-of-five.md).
 */
const ReviewModal = lazy(() => import('./review-modal').then((m) => ({ default: m.ReviewModal })));

interface ReviewsSectionProps {
  placeId: string;
  placeName: string;
  /** The role the server confirmed; null while unknown (nothing role-specific is shown). */
  viewer: Caller | null;
}

/**
 * 'Ya has visitado {name}?': the reviews of a place, the review form for non-admins and the
 * delete confirmation. A user who already reviewed the place is told so instead of being offered
 * a form the server would refuse (one review per user and place).
 */
export function ReviewsSection({ placeId, placeName, viewer }: ReviewsSectionProps) {
  const { data, error, refetch, isFetching } = useRatings(placeId);
  // The answer's cards are rendered in a deferred render React can pause, not in the task that receives
  // it (~70 ms of a 4x slower phone right after a destination's page hydrated: src/boot/README.md).
  const reviews = useDeferredValue(data);
  const remove = useDeleteRating(placeId);
  const { showError } = useToast();
  const [formOpen, setFormOpen] = useState(false);
  const formUsed = useOnceTrue(formOpen);
  // Sending a review needs the network: offline the button is disabled and says why.
  const [toDelete, setToDelete] = useState<RatingListItem | null>(null);
  const [toEdit, setToEdit] = useState<RatingListItem | null>(null);

  useEffect(() => {
    if (error) showError(errorMessage(error));
  }, [error, showError]);

  const mayReview = canWriteReview(viewer);
  const alreadyReviewed = Boolean(viewer && reviews?.some((r) => r.id_user === viewer.id));

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete._id);
      setToDelete(null);
    } catch (e) {
      setToDelete(null);
      showError(errorMessage(e));
    }
  };

  return (
    <Box component="section" aria-labelledby="reviews-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Typography id="reviews-title" component="h2" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {TEXT.reviews.title(placeName)}
        </Typography>
        {mayReview && reviews !== undefined && !alreadyReviewed && (
          <OfflineAwareButton hintId="review-offline" startIcon={<RateReviewOutlined />} onClick={() => setFormOpen(true)}>
            {TEXT.reviews.write}
          </OfflineAwareButton>
        )}
      </Stack>
      {mayReview && alreadyReviewed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MSG.reviewDuplicate}
        </Alert>
      )}
      {error ? (
        <RetryAlert error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : reviews === undefined ? (
        <CardGridSkeleton count={3} height={320} maxColumns={4} />
      ) : reviews.length === 0 ? (
        <Typography color="text.secondary">{TEXT.reviews.none}</Typography>
      ) : (
        <CardGrid
          maxColumns={4}
          items={reviews}
          itemKey={(review) => review._id}
          renderItem={(review) => (
            <ReviewCard
              review={review}
              onDelete={canDeleteReview(review, viewer) ? () => setToDelete(review) : undefined}
              onEdit={canEditReview(review, viewer) ? () => setToEdit(review) : undefined}
            />
          )}
        />
      )}
      <Suspense fallback={null}>
        {mayReview && viewer && formUsed && (
          <ReviewModal open={formOpen} onClose={() => setFormOpen(false)} placeId={placeId} placeName={placeName} />
        )}
        {toEdit && <ReviewModal open onClose={() => setToEdit(null)} placeId={placeId} placeName={placeName} review={toEdit} />}
      </Suspense>
      <DeleteReviewDialog
        open={toDelete !== null}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}
