import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { formatDistance, RATING_DISPLAY_PRECISION, RATING_MAX, TEXT } from '@sendero/contract';
import { imageVariant } from '@/lib/images';
import { usePlacePreview } from '../api/get-place-preview';

/**
 * 'Ingresa para ver este destino' (docs/product.md#sharing): on /ingresar and /registro when `volver`
 * is a destination, so a friend who opened a shared link sees what it was before signing in. Shows
 * nothing while loading or when the place is not shown (404: unverified, deleted, unknown).
 */
export function SharedPlacePreview({ placeId }: { placeId: string }) {
  const { data: place } = usePlacePreview(placeId);
  if (!place) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="shared-place-title"
      sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 1.5, mb: 3, borderRadius: 2, bgcolor: 'grey.50' }}
    >
      {place.photo && (
        <Box
          component="img"
          src={imageVariant(place.photo, 400)}
          alt=""
          width={88}
          height={88}
          sx={{ flex: 'none', width: 88, height: 88, objectFit: 'cover', borderRadius: 1.5 }}
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography id="shared-place-title" component="h2" variant="overline" sx={{ display: 'block', lineHeight: 1.4, color: 'text.secondary' }}>
          {TEXT.detail.sharedTitle}
        </Typography>
        <Typography component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {place.name}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {formatDistance(place.time_city, place.city)}
        </Typography>
        {place.comments === 0 ? (
          // No reviews yet: said in words, not as 0 stars, as on the place cards (docs/product.md#sharing).
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {TEXT.card.noReviews}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Rating
              value={place.rating}
              precision={RATING_DISPLAY_PRECISION}
              max={RATING_MAX}
              readOnly
              size="small"
              getLabelText={(v) => TEXT.places.ratingOutOf(String(v), RATING_MAX)}
            />
            <Typography variant="body2" component="span">
              {place.rating}
            </Typography>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
