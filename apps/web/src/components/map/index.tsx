import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MSG, TEXT } from '@sendero/contract';
import { usePublicConfig } from '@/lib/public-config';
import { tilesOf, type LeafletMapProps } from './types';

export type { MapLine, MapPoint } from './types';

/** Leaflet and its stylesheet are their own chunk, fetched the first time a map shows (docs/product.md#planning). */
const loadLeafletMap = () => import('./leaflet-map');
const LeafletMap = lazy(loadLeafletMap);

/** Starts fetching the map's code early (a hover or focus on 'Mapa'), so the switch feels instant. */
export function preloadMap(): void {
  void loadLeafletMap().catch(() => undefined);
}

/** A map whose code failed to load (offline, a deploy in between): a sentence and a new try. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return <Box key={this.state.attempt} sx={{ height: '100%' }}>{this.props.children}</Box>;
    return (
      <Box role="status" sx={{ height: '100%', display: 'grid', placeContent: 'center', gap: 1, textAlign: 'center', p: 2, bgcolor: 'action.hover' }}>
        <Typography>{MSG.mapFailed}</Typography>
        <Box>
          <Button onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}>{TEXT.actions.retry}</Button>
        </Box>
      </Box>
    );
  }
}

export interface MapViewProps extends Omit<LeafletMapProps, 'tiles' | 'onOpen'> {
  /** CSS height of the map box (it keeps that size while the code and the tiles load). */
  height: number | string | Record<string, number | string>;
}

/**
 * A Leaflet map with the server's tiles (GET /api/config). While the settings or the code load, a
 * placeholder of the same size holds the layout; without tiles the markers still show.
 */
export function MapView({ height, ...props }: MapViewProps) {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const tiles = useMemo(() => tilesOf(config.data), [config.data]);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} role="progressbar" aria-label={TEXT.map.loading} />;
  return (
    <Box
      ref={box}
      data-testid="map"
      sx={{ height, width: '100%', borderRadius: 2, overflow: 'hidden', position: 'relative', isolation: 'isolate', border: 1, borderColor: 'divider' }}
    >
      <MapBoundary>
        {config.isPending || !near ? (
          placeholder
        ) : (
          <Suspense fallback={placeholder}>
            <LeafletMap {...props} tiles={tiles} onOpen={(href) => void navigate(href)} />
          </Suspense>
        )}
      </MapBoundary>
    </Box>
  );
}

/** How far below the screen a map starts loading (Leaflet's ~48 KB gzip and its tiles). */
const NEAR_VIEWPORT_MARGIN = '300px';

/**
 * True once the element is within NEAR_VIEWPORT_MARGIN of the screen (and from then on): the detail's
 * trailhead map, below the photos and the description on a phone, no longer loads Leaflet and evaluates
 * it while the page's first photo is still arriving (docs/decisions/037-lighthouse-median-of-five.md).
 * Without IntersectionObserver (old browsers) it is true at once.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: NEAR_VIEWPORT_MARGIN });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/** 'Abrir en Google Maps': the trailhead in Google Maps (a new tab), the way there from the user's phone. */
export function googleMapsUrl(point: { lat: number; lon: number }): string {
  return `https://www.google.com/maps/search/?api=1&query=${point.lat},${point.lon}`;
}
