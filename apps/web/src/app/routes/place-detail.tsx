import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import Container from '@mui/material/Container';
import type { Caller, Place } from '@sendero/contract';
import { paths } from '@/config/paths';
import { PlaceDetail } from '@/features/places/components/place-detail';
import { SaveButton } from '@/features/saved/components/save-button';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { OutingsSection } from '@/features/outings/components/outings-section';
import { useCurrentRole } from '@/app/layout/use-current-role';

export interface PlaceDetailPageProps {
  placeId: string;
  /** 'Acciones de Administrador' (the admin route passes it). */
  adminSection?: ReactNode | ((place: Place) => ReactNode);
  /** Where a place the caller may not see sends them; default /buscar-destino. */
  notFoundRedirect?: string;
  /** The 'Guardar' toggle (the member route shows it). */
  saveToggle?: boolean;
}

/**
 * The destination detail composed with its reviews, for the member route and the admin route
 * (/admin/destinos/{id}). Role-dependent controls follow the role the server confirms.
 */
export function PlaceDetailPage({ placeId, adminSection, notFoundRedirect, saveToggle = false }: PlaceDetailPageProps) {
  const { session, role } = useCurrentRole();
  const viewer: Caller | null = session ? { id: session._id, role } : null;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PlaceDetail
        placeId={placeId}
        viewer={viewer}
        adminSection={adminSection}
        notFoundRedirect={notFoundRedirect}
        renderOutings={(place) => <OutingsSection place={place} viewer={viewer} />}
        renderReviews={(place) => <ReviewsSection placeId={place._id} placeName={place.name} viewer={viewer} />}
        actions={session && saveToggle ? (place) => <SaveButton place={place} userId={session._id} /> : undefined}
      />
    </Container>
  );
}

/** /buscar-destino/destino/{id} */
export default function PlaceDetailScreen() {
  const { id } = useParams();
  if (!id) return <Navigate to={paths.search} replace />;
  // A new id remounts the screen, so an open edit form never shows another place's data.
  return <PlaceDetailPage key={id} placeId={id} saveToggle />;
}
