import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { AdminPlacesList } from '@/features/admin/components/places-list';
import { usePlaces } from '@/features/places/api/get-places';
import { TEXT } from '@sendero/contract';

/** /admin/destinos (docs/product.md#admin-destinations): every place, the unverified ones first. */
export default function AdminPlacesScreen() {
  // With an admin's token GET /api/place answers every place, verified or not.
  const { data, error, isPending, refetch } = usePlaces();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography id="admin-places-title" component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {TEXT.menu.adminPlaces}
      </Typography>
      <AdminPlacesList titleId="admin-places-title" places={data} isPending={isPending} error={error} onRetry={() => void refetch()} />
    </Container>
  );
}
