import { Component, lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MSG, TEXT } from '@sendero/contract';
import { usePublicConfig } from '@/lib/public-config';
import { useNearViewport, usePageScrolled } from '@/lib/use-near-viewport';
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
/** How far below the screen a map's code starts loading (Leaflet's ~48 KB gzip). */
const NEAR_VIEWPORT_MARGIN = '300px';

export function MapView({ height, ...props }: MapViewProps) {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const tiles = useMemo(() => tilesOf(config.data), [config.data]);
  const box = useRef<HTMLDivElement>(null);
  // Leaflet's code is loaded as the map nears the screen once the page is scrolled, and the map made
  // (~200 ms of a phone's 4x slower CPU) once it is on it: the detail's trailhead map, just below the
  // screen of a phone, costs nothing while the page loads, not even Leaflet's evaluation (~50-150 ms at
  // 4x: docs/decisions/037-lighthouse-median-of-five.md).
  const near = useNearViewport(box, NEAR_VIEWPORT_MARGIN);
  const inView = useNearViewport(box, '0px');
  const scrolled = usePageScrolled();
  useEffect(() => {
    if (near && scrolled && !inView) preloadMap();
  }, [near, scrolled, inView]);
  const placeholder = <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} role="progressbar" aria-label={TEXT.map.loading} />;
  return (
    <Box
      ref={box}
      data-testid="map"
      sx={{ height, width: '100%', borderRadius: 2, overflow: 'hidden', position: 'relative', isolation: 'isolate', border: 1, borderColor: 'divider' }}
    >
      <MapBoundary>
        {config.isPending || !inView ? (
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

/** 'Abrir en Google Maps': the trailhead in Google Maps (a new tab), the way there from the user's phone. */
export function googleMapsUrl(point: { lat: number; lon: number }): string {
  return `https://www.google.com/maps/search/?api=1&query=${point.lat},${point.lon}`;
}
