import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useMyPlaces } from '../api/get-my-places';

/**
 * 'Mis destinos' on /perfil (docs/product.md#profile): the places the user created, newest first, each
 * linking to its page, with 'En revisión' until an administrator verifies it, then 'Publicado'.
 */
export function MyPlaces({ userId }: { userId: string }) {
  const query = useMyPlaces(userId);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="my-places-title" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, mt: 3 }}>
      <Typography id="my-places-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {TEXT.places.mine}
      </Typography>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Box role="progressbar" aria-label={TEXT.actions.loading}>
          <Skeleton width="70%" height={40} />
          <Skeleton width="55%" height={40} />
        </Box>
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary">{TEXT.places.mineEmpty}</Typography>
      ) : (
        <Box component="ul" aria-labelledby="my-places-title" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {query.data.map((place) => (
            <Box
              component="li"
              key={place._id}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
            >
              <Link component={RouterLink} to={paths.placeDetail(place._id)} sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
                {place.name}
              </Link>
              <Chip
                size="small"
                label={place.verified ? TEXT.places.published : TEXT.places.inReview}
                color={place.verified ? 'success' : 'default'}
                variant={place.verified ? 'filled' : 'outlined'}
                sx={{ flexShrink: 0, ...(place.verified ? { bgcolor: '#1b5e20', color: '#fff' } : {}) }}
              />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
