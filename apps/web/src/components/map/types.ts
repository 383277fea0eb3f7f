import type { GeoPoint, PublicConfig } from '@sendero/contract';

/** A place on a map: a named marker whose popup says the name, an optional line and 'Ver más'. */
export interface MapPoint {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** A line under the name in the popup (the city, the hours). */
  detail?: string;
  /** Where 'Ver más' goes (an app path). */
  href?: string;
}

export type MapTiles = { url: string; attribution: string };

/** A route track drawn on the map: [lon, lat, …] points per segment (docs/product.md#route-tracks). */
export type MapLine = readonly (readonly (readonly [number, number, ...unknown[]])[])[];

export interface LeafletMapProps {
  /** Markers (the search results, the detail's trailhead). */
  points?: readonly MapPoint[];
  /** Raster tiles (MAP_TILE_URL); null draws markers on a blank map. */
  tiles: MapTiles | null;
  /** The map region's accessible name. */
  label: string;
  /** 'Ver más' in a popup: navigate inside the app. */
  onOpen?: (href: string) => void;
  /** The picker: the chosen point (a draggable marker), and what a click or a drag chooses. */
  picked?: GeoPoint | null;
  onPick?: (point: GeoPoint) => void;
  /** Where the view starts while nothing is picked (the destination's city), instead of all of Peru. */
  start?: GeoPoint | null;
  /** false: a still picture (no dragging, zooming or keyboard), for the detail's small map. */
  interactive?: boolean;
  /** The route track: a line per segment; the view fits it (with the markers). */
  line?: MapLine | null;
  /** A point on the track that follows the elevation profile (hover, touch, keyboard). */
  cursor?: GeoPoint | null;
}

export const tilesOf = (config: PublicConfig | undefined): MapTiles | null =>
  config ? { url: config.map.tile_url, attribution: config.map.attribution } : null;
