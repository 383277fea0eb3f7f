import { memo, useCallback, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import Container from '@mui/material/Container';
import type { Caller, Place } from '@sendero/contract';
import { paths } from '@/config/paths';
import { PlaceDetail as PlaceDetailView } from '@/features/places/components/place-detail';
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
/**
 * Memoized, as are the viewer and the render props below: the person's own data arriving (the role
 * confirmed, the welcome's name) re-renders the frame, not the whole detail, unless the viewer changed
 * (it was a ~200 ms task of a 4x slower phone right after the detail hydrated, src/boot/README.md).
 */
const PlaceDetail = memo(PlaceDetailView);

export function PlaceDetailPage({ placeId, adminSection, notFoundRedirect, saveToggle = false }: PlaceDetailPageProps) {
  const { session, role } = useCurrentRole();
  const userId = session?._id;
  // The role the server confirms changes the actions, the reviews' and the outings' controls: rendered in
  // a deferred render React can pause, not in the task that receives the answer (src/boot/README.md).
  const viewer: Caller | null = useDeferredValue(useMemo(() => (userId !== undefined ? { id: userId, role } : null), [userId, role]));
  const renderOutings = useCallback((place: Place) => <OutingsSection place={place} viewer={viewer} />, [viewer]);
  const renderReviews = useCallback((place: Place) => <ReviewsSection placeId={place._id} placeName={place.name} viewer={viewer} />, [viewer]);
  const save = useCallback((place: Place) => <SaveButton place={place} userId={userId!} />, [userId]);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PlaceDetail
        placeId={placeId}
        viewer={viewer}
        adminSection={adminSection}
        notFoundRedirect={notFoundRedirect}
        renderOutings={renderOutings}
        renderReviews={renderReviews}
        actions={userId !== undefined && saveToggle ? save : undefined}
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
