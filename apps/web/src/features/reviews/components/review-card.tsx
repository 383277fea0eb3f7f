import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { formatCalendarDate, RATING_LABELS, RATING_MAX, type RatingListItem, TEXT, TRAIL_CONDITION_LABELS, TRAIL_HAZARD_LABELS } from '@sendero/contract';
import { imageSrcSet, imageVariant } from '@/lib/images';

interface ReviewCardProps {
  review: RatingListItem;
  /** Shown to admins and to the review's author only (docs/product.md#reviews). */
  onDelete?: () => void;
  /** 'Editar reseña': its author only (docs/product.md#reviews). */
  onEdit?: () => void;
}

function ratingLabel(value: number): string {
  const label = RATING_LABELS[value as keyof typeof RATING_LABELS];
  return TEXT.reviews.stars(value, RATING_MAX, label);
}

/** One review: author name and photo, stars, comment and the attached photo. */
export function ReviewCard({ review, onDelete, onEdit }: ReviewCardProps) {
  const name = review.name || review.name_user;
  const image = review.image || review.photo_url;
  return (
    <Paper component="article" variant="outlined" aria-label={TEXT.reviews.reviewOf(name)} sx={{ borderRadius: 3, overflow: 'hidden', display: 'flex', flexDirection: 'column', height: '100%' }}>
      {image && (
        <Box
          component="img"
          src={imageVariant(image, 800)}
          srcSet={imageSrcSet(image)}
          sizes="(min-width: 900px) 33vw, 100vw"
          alt={TEXT.reviews.photoOf(name)}
          width={800}
          height={600}
          loading="lazy"
          sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'grey.100' }}
        />
      )}
      <Stack spacing={1} sx={{ p: 2, flex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={review.photo_user || undefined} alt={TEXT.reviews.authorPhoto(name)} sx={{ bgcolor: 'primary.main' }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Rating value={review.rating} max={RATING_MAX} readOnly size="small" getLabelText={ratingLabel} />
          </Box>
          {onEdit && (
            <Tooltip title={TEXT.conditions.editReview}>
              <IconButton aria-label={TEXT.conditions.editReviewOf(name)} onClick={onEdit}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title={TEXT.reviews.delete}>
              <IconButton aria-label={TEXT.reviews.deleteOf(name)} onClick={onDelete} color="error">
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <TrailReport review={review} />
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.comment}</Typography>
      </Stack>
    </Paper>
  );
}

/** What the review says of the path (docs/product.md#trail-conditions): the day walked, its state, the hazards. */
function TrailReport({ review }: { review: RatingListItem }) {
  if (!review.walked_on && !review.condition && review.hazards.length === 0) return null;
  return (
    <Stack spacing={0.75}>
      {review.walked_on && (
        <Typography variant="body2" color="text.secondary">
          {TEXT.conditions.walkedOnShown(formatCalendarDate(review.walked_on))}
        </Typography>
      )}
      {(review.condition || review.hazards.length > 0) && (
        <Box component="ul" aria-label={TEXT.conditions.condition} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}>
          {review.condition && (
            <li>
              <Chip size="small" color={conditionColor(review.condition)} label={TRAIL_CONDITION_LABELS[review.condition]} />
            </li>
          )}
          {review.hazards.map((h) => (
            <li key={h}>
              <Chip size="small" variant="outlined" label={TRAIL_HAZARD_LABELS[h]} />
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** The chip colour of a path's state: green, amber, red. */
export function conditionColor(condition: NonNullable<RatingListItem['condition']>): 'success' | 'warning' | 'error' {
  return condition === 'despejado' ? 'success' : condition === 'obstaculos' ? 'warning' : 'error';
}
