import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDistance, formatWalkingTime, type Place } from '@sendero/contract';
import { paths } from '@/config/paths';
import { imageSrcSet, imageVariant } from '@/lib/images';

const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 300;

interface PlaceCardProps {
  place: Place;
  /** Load the photo at once (cards in the first screenful); otherwise the browser loads it lazily. */
  eager?: boolean;
  /** `sizes` of the photo, matching how wide the card is shown. */
  sizes?: string;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
        {label}:
      </Box>{' '}
      {value}
    </Typography>
  );
}

/** SPEC.md §2: name, 'Dificultad', 'Caminata' as 'X - Y horas', 'A {time_city} horas de {city}', first photo. */
export function PlaceCard({ place, eager = false, sizes = '(max-width: 700px) 100vw, 400px' }: PlaceCardProps) {
  const photo = place.photos[0];
  return (
    <Card component="article" variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: 3 }}>
      <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'grey.200', overflow: 'hidden' }}>
        {photo && (
          <Box
            component="img"
            src={imageVariant(photo, 800)}
            srcSet={imageSrcSet(photo)}
            sizes={sizes}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            alt={`Foto de ${place.name}`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1, lineHeight: 1.3 }}>
          {place.name}
        </Typography>
        <Line label="Dificultad" value={place.difficulty} />
        <Line label="Caminata" value={formatWalkingTime(place.time)} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatDistance(place.time_city, place.city)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={paths.placeDetail(place._id)} variant="contained" color="primary">
          Ver más
        </Button>
      </CardActions>
    </Card>
  );
}

/** The card's shape while places load. */
export function PlaceCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }} aria-hidden="true">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <CardContent>
        <Skeleton width="70%" height={32} />
        <Skeleton width="50%" />
        <Skeleton width="60%" />
        <Skeleton width="55%" />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Skeleton variant="rounded" width={90} height={36} />
      </CardActions>
    </Card>
  );
}
