import { Navigate, useParams } from 'react-router';
import type { Place } from '@sendero/contract';
import { paths } from '@/config/paths';
import { PlaceAdminSection } from '@/features/admin/components/place-admin-section';
import { PlaceDetailPage } from './place-detail';

const adminSection = (place: Place) => <PlaceAdminSection place={place} />;

/**
 * /admin/destinos/{id}: the destination detail (any place, verified or not) with 'Acciones de
 * Administrador'. Admins edit any place, delete any review and get no review form.
 */
export default function AdminPlaceScreen() {
  const { id } = useParams();
  if (!id) return <Navigate to={paths.adminPlaces} replace />;
  return <PlaceDetailPage key={id} placeId={id} adminSection={adminSection} notFoundRedirect={paths.adminPlaces} />;
}
