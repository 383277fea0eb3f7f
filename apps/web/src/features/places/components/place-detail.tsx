import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Chip from '@mui/material/Chip';
import {
  type Caller,
  canEditPlace,
  closureBanner,
  closureInForce,
  formatCalendarDate,
  formatDistance,
  formatRating,
  formatReviewCount,
  hasCoordinates,
  limaDate,
  MSG,
  type Place,
  type PlaceDetail as PlaceDetailJson,
  RATING_DISPLAY_PRECISION,
  RATING_MAX,
  TEXT,
  TRAIL_CONDITION_LABELS,
  TRAIL_HAZARD_LABELS,
} from '@sendero/contract';
import { paths } from '@/config/paths';
import { googleMapsUrl, type MapLine, MapView } from '@/components/map';
import { useToast } from '@/components/ui/toast';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { usePlace } from '../api/get-place';
import { PhotoCarousel } from './photo-carousel';
import { ShareButton } from './share-button';
import { AccessBlock } from './access-block';
import { RetryAlert } from '@/components/ui/load-error';
import { Fact, Facts } from '@/components/ui/facts';
import { useTrack } from '../api/track';
import { TrackBlock } from './track';

export interface PlaceDetailProps {
  placeId: string;
  /** Who is looking: the role the server confirmed (null while unknown). */
  viewer: Caller | null;
  /** 'Próximas salidas', before the reviews, composed by the route (features do not import each other). */
  renderOutings?: (place: Place) => ReactNode;
  /** The reviews area, composed by the route (features do not import each other). */
  renderReviews?: (place: Place) => ReactNode;
  /** Extra controls under the facts (the 'Guardar' toggle), composed by the route. */
  actions?: (place: Place) => ReactNode;
  /** 'Acciones de Administrador', shown under the details (admin route). */
  adminSection?: ReactNode | ((place: Place) => ReactNode);
  /** Where a place the caller may not see sends them (docs/product.md#destination-detail: /buscar-destino). */
  notFoundRedirect?: string;
}

/** 'min-max horas' of docs/product.md#destination-detail. */
export function formatDetailWalkingTime(time: readonly [number, number]): string {
  return TEXT.detail.walkHours(time[0], time[1]);
}

/**
 * The destination detail of docs/product.md#destination-detail, used at /buscar-destino/destino/{id} and (with
 * `adminSection`) at /admin/destinos/{id}. 'Configurar Destino' switches to the edit form.
 */
export function PlaceDetail({ placeId, viewer, renderOutings, renderReviews, actions, adminSection, notFoundRedirect = paths.search }: PlaceDetailProps) {
  const { data: place, error, isPending, refetch, isFetching } = usePlace(placeId);
  const [editing, setEditing] = useState(false);
  const { showError } = useToast();
  const notFound = isApiRequestError(error) && error.status === 404;

  useEffect(() => {
    // Network failures and server errors also raise the error toast (docs/product.md#web-rules).
    if (error && !notFound) showError(errorMessage(error));
  }, [error, notFound, showError]);

  const switchEditing = (on: boolean) => {
    setEditing(on);
    // The form and the detail start at the top of the page.
    window.scrollTo({ top: 0 });
  };

  if (isPending) return <PlaceDetailSkeleton />;
  if (error) {
    if (notFound) return <Navigate to={notFoundRedirect} replace />;
    return (
      <RetryAlert error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  }

  if (editing) {
    return (
      <Suspense fallback={<PlaceDetailSkeleton />}>
        <PlaceEditor place={place} onDone={() => switchEditing(false)} />
      </Suspense>
    );
  }

  const admin = viewer?.role === 'admin';
  const section = typeof adminSection === 'function' ? adminSection(place) : adminSection;

  return (
    <Stack spacing={4} component="article" aria-labelledby="place-name">
      {!place.verified && !admin && <Alert severity="info">{MSG.placeInReview}</Alert>}
      <ClosureBannerMemo place={place} />
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <PhotoCarouselMemo photos={place.photos} name={place.name} />
        <Stack spacing={2}>
          <PlaceHeading place={place} />
          {(actions || place.verified) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              {actions?.(place)}
              {/* Only a published destination has a link a friend can open (docs/product.md#sharing). */}
              {place.verified && <ShareButton placeId={place._id} name={place.name} />}
            </Box>
          )}
          <PlaceDescription place={place} />
          <TrailheadAndTrackMemo place={place} />
          {canEditPlace(place, viewer) && (
            <Box>
              <Button variant="contained" color="secondary" startIcon={<SettingsOutlined />} onClick={() => switchEditing(true)}>
                {TEXT.detail.configure}
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
      <PlaceTexts place={place} />
      <AccessBlockMemo place={place} admin={admin} />
      {section}
      {renderOutings?.(place)}
      <RecentConditionsMemo place={place} />
      {renderReviews?.(place)}
    </Stack>
  );
}

/*
 * The parts of the detail that depend on the place alone, memoized: the viewer's role confirmed by the
 * server after the detail has shown (or a review posted) re-renders what depends on it (the actions,
 * 'Configurar', the reviews and outings), not the photos, facts, map and texts (src/boot/README.md).
 */
const ClosureBannerMemo = memo(ClosureBanner);
const PhotoCarouselMemo = memo(PhotoCarousel);
const TrailheadAndTrackMemo = memo(TrailheadAndTrack);
const AccessBlockMemo = memo(AccessBlock);
const RecentConditionsMemo = memo(RecentConditions);

const PlaceHeading = memo(function PlaceHeading({ place }: { place: Place }) {
  return (
    <>
      <Typography id="place-name" component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
        {place.name}
      </Typography>
      <Facts>
        <Fact term={TEXT.detail.difficulty}>{place.difficulty}</Fact>
        <Fact term={TEXT.detail.capacity}>{place.capacity}</Fact>
        <Fact term={TEXT.detail.walkTime}>{formatDetailWalkingTime(place.time)}</Fact>
        <Fact term={TEXT.detail.location}>{formatDistance(place.time_city, place.city)}</Fact>
        <Fact term={TEXT.card.rating}>
          {place.comments === 0 ? (
            TEXT.card.noReviews
          ) : (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <span>{formatRating(place.rating)}</span>
              <Rating
                value={place.rating}
                precision={RATING_DISPLAY_PRECISION}
                max={RATING_MAX}
                readOnly
                getLabelText={(v) => TEXT.places.ratingOutOf(String(v), RATING_MAX)}
              />
              <Box component="span" sx={{ color: 'text.secondary' }}>{`(${formatReviewCount(place.comments)})`}</Box>
            </Box>
          )}
        </Fact>
      </Facts>
    </>
  );
});

const PlaceDescription = memo(function PlaceDescription({ place }: { place: Place }) {
  return <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{place.description}</Typography>;
});

const PlaceTexts = memo(function PlaceTexts({ place }: { place: Place }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
      <TextBlock title={TEXT.detail.howToGet}>{place.how_to_get}</TextBlock>
      <TextBlock title={TEXT.detail.tips}>{place.tips}</TextBlock>
    </Box>
  );
});

/**
 * The trailhead on a small map and 'Abrir en Google Maps' (docs/product.md#planning); with a route
 * track, its line on that map and 'Recorrido' under it, whose profile moves a marker along the line
 * (docs/product.md#tracks).
 */
function TrailheadAndTrack({ place }: { place: Place }) {
  const summary = (place as Partial<Pick<PlaceDetailJson, 'track'>>).track ?? null;
  const track = useTrack(place._id, summary !== null);
  const [cursor, setCursor] = useState<{ lat: number; lon: number } | null>(null);
  const onCursor = useCallback((point: { lat: number; lon: number } | null) => setCursor(point), []);
  const line = summary ? track.data?.line : undefined;
  const trackPlace = useMemo(() => summary && { _id: place._id, verified: place.verified, track: summary }, [place._id, place.verified, summary]);
  return (
    <>
      {(hasCoordinates(place) || line) && <TrailheadMap place={place} line={line} cursor={cursor} />}
      {trackPlace && <TrackBlock place={trackPlace} track={track} onCursor={onCursor} />}
    </>
  );
}

function TrailheadMap({ place, line, cursor }: { place: Place; line: MapLine | undefined; cursor: { lat: number; lon: number } | null }) {
  const located = hasCoordinates(place);
  const points = useMemo(
    () => (located ? [{ id: place._id, name: place.name, lat: place.lat as number, lon: place.lon as number }] : []),
    [located, place._id, place.name, place.lat, place.lon],
  );
  return (
    <Box component="section" aria-labelledby="place-trailhead">
      <Typography id="place-trailhead" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {TEXT.detail.trailhead}
      </Typography>
      <MapView height={line ? { xs: 260, md: 300 } : 220} points={points} line={line} cursor={cursor} label={TEXT.detail.trailheadMap(place.name)} />
      {hasCoordinates(place) && (
        <Link href={googleMapsUrl(place)} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
          {TEXT.detail.openInMaps}
          <OpenInNew fontSize="small" aria-hidden />
        </Link>
      )}
    </Box>
  );
}

function TextBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{children}</Typography>
    </Paper>
  );
}

/**
 * 'Configurar Destino's form, its own chunk: with its validation (zod and the contract's schemas), the
 * photo upload and the cropper it was ~80 KB gzip of every visitor's detail, for the few who may edit.
 */
const PlaceEditor = lazy(() => import('./place-editor'));

function PlaceDetailSkeleton() {
  return (
    <Box aria-busy="true" aria-label={TEXT.detail.loading} sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' } }}>
      <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }} />
      <Stack spacing={2}>
        <Skeleton variant="text" sx={{ fontSize: '2.25rem', width: '70%' }} />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="text" sx={{ width: '55%' }} />
        ))}
        <Skeleton variant="rounded" height={96} />
      </Stack>
    </Box>
  );
}

/** 'Cerrado temporalmente: <note>' while an admin's closure holds (docs/product.md#trail-conditions). */
export function ClosureBanner({ place }: { place: Pick<Place, 'closure'> }) {
  const closure = place.closure;
  if (!closure || !closureInForce(closure, limaDate())) return null;
  return (
    <Alert severity="error" role="status">
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{closureBanner(closure.note)}</Typography>
      {closure.until ? TEXT.conditions.closedUntil(formatCalendarDate(closure.until)) : TEXT.conditions.closedUntilReopened}
    </Alert>
  );
}

/**
 * 'Estado reciente' above the reviews (docs/product.md#trail-conditions): what reviews walked in the last
 * 30 days found, or 'Sin reportes en los últimos 30 días'. An offline copy without it shows nothing.
 */
function RecentConditions({ place }: { place: Place }) {
  const conditions = (place as Partial<PlaceDetailJson>).conditions;
  if (conditions === undefined) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="recent-conditions-title" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography id="recent-conditions-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {TEXT.conditions.recentTitle}
      </Typography>
      {conditions === null ? (
        <Typography color="text.secondary">{TEXT.conditions.recentNone}</Typography>
      ) : (
        <Stack spacing={1}>
          <Typography>{TEXT.conditions.recentSummary(conditions.reports, formatCalendarDate(conditions.last_walked_on))}</Typography>
          {(conditions.condition || conditions.hazards.length > 0) && (
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}>
              {conditions.condition && (
                <li>
                  <Chip
                    color={conditions.condition === 'despejado' ? 'success' : conditions.condition === 'obstaculos' ? 'warning' : 'error'}
                    label={TRAIL_CONDITION_LABELS[conditions.condition]}
                  />
                </li>
              )}
              {conditions.hazards.map((h) => (
                <li key={h}>
                  <Chip variant="outlined" label={TRAIL_HAZARD_LABELS[h]} />
                </li>
              ))}
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}
