import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import type { LeafletMapProps, MapPoint } from './types';
import { CARD_TEXT, TEXT } from '@sendero/contract';

/**
 * The one module that imports Leaflet (docs/product.md#planning). It is loaded only when a map is
 * shown (components/map/index.tsx), so neither the landing nor the search page's list pays for it.
 * Markers are our own bundled images: with the tiles blocked or offline, the markers still show.
 */

// Leaflet's default icon finds its images through a CSS path guess that bundlers break: set them here.
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

/** Peru, whole, when there is nothing to show yet (the sample destinations are Peruvian). */
const DEFAULT_VIEW = { center: L.latLng(-9.19, -75.02), zoom: 5 };
const POINT_ZOOM = 13;
/** Around a city: its surroundings, where trailheads are, at a glance. */
const CITY_ZOOM = 11;
/** Six decimals: about 11 cm, more than a trailhead needs. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

function popupContent(point: MapPoint, open: (href: string) => void): HTMLElement {
  const box = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = point.name;
  box.append(name);
  if (point.detail) {
    const detail = document.createElement('div');
    detail.textContent = point.detail;
    box.append(detail);
  }
  if (point.href) {
    const href = point.href;
    const link = document.createElement('a');
    link.href = href;
    link.textContent = CARD_TEXT.seeMore;
    link.style.display = 'inline-block';
    link.style.marginTop = '4px';
    link.addEventListener('click', (event) => {
      // A plain click stays in the app; a click with a modifier opens a tab as usual.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      open(href);
    });
    box.append(link);
  }
  return box;
}

/** The track's colours: the brand's purple for the line, its coral for the point the profile shows. */
const LINE_STYLE: L.PolylineOptions = { color: '#9f2dc7', weight: 4, opacity: 0.9, interactive: false, className: 'sd-track-line' };
const CURSOR_STYLE: L.CircleMarkerOptions = { radius: 7, color: '#ffffff', weight: 2, fillColor: '#FF7B5F', fillOpacity: 1, interactive: false, className: 'sd-track-cursor' };

export default function LeafletMap({ points = [], tiles, label, onOpen, picked, onPick, start, interactive = true, line, cursor }: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  const pickedRef = useRef<L.Marker | null>(null);
  const cursorRef = useRef<L.CircleMarker | null>(null);
  // Callbacks through refs, so a new function from the parent does not rebuild the map.
  const openRef = useRef(onOpen);
  const pickRef = useRef(onPick);
  useEffect(() => {
    openRef.current = onOpen;
    pickRef.current = onPick;
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const map = L.map(el, {
      center: DEFAULT_VIEW.center,
      zoom: DEFAULT_VIEW.zoom,
      scrollWheelZoom: false,
      dragging: interactive,
      touchZoom: interactive,
      doubleClickZoom: interactive,
      boxZoom: interactive,
      keyboard: interactive,
      zoomControl: interactive,
    });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    markersRef.current = L.layerGroup().addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => {
      pickRef.current?.({ lat: round(event.latlng.lat), lon: round(event.latlng.wrap().lng) });
    });
    mapRef.current = map;
    // The container may get its size after the first layout (a tab, a dialog): measure again then.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      markersRef.current = null;
      pickedRef.current = null;
      cursorRef.current = null;
    };
  }, [tiles, interactive]);

  // The places: one named marker each, a popup with the name and 'Ver más'; the view fits them all.
  useEffect(() => {
    const map = mapRef.current;
    const layer = markersRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const bounds: L.LatLng[] = [];
    // The route track under the markers; the view takes in the whole of it.
    const segments = (line ?? []).map((segment) => segment.map(([lon, lat]) => L.latLng(lat, lon))).filter((s) => s.length > 1);
    if (segments.length > 0) {
      L.polyline(segments, LINE_STYLE).addTo(layer);
      for (const segment of segments) bounds.push(...segment);
    }
    for (const point of points) {
      const at = L.latLng(point.lat, point.lon);
      bounds.push(at);
      L.marker(at, { icon: markerIcon, title: point.name, alt: point.name, keyboard: true })
        .bindPopup(() => popupContent(point, (href) => openRef.current?.(href)))
        .addTo(layer);
    }
    if (bounds.length === 1) map.setView(bounds[0]!, POINT_ZOOM);
    else if (bounds.length > 1) map.fitBounds(L.latLngBounds(bounds), { padding: [32, 32], maxZoom: POINT_ZOOM });
  }, [points, line, tiles, interactive]);

  // The point the elevation profile shows (hover, touch or keyboard there), drawn over the line.
  const cursorLat = cursor?.lat;
  const cursorLon = cursor?.lon;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (cursorLat === undefined || cursorLon === undefined) {
      cursorRef.current?.remove();
      cursorRef.current = null;
      return;
    }
    const at = L.latLng(cursorLat, cursorLon);
    if (!cursorRef.current) {
      cursorRef.current = L.circleMarker(at, CURSOR_STYLE).addTo(map);
      // Decoration: the profile's own handle says where the point is (its aria-valuetext).
      cursorRef.current.getElement()?.setAttribute('aria-hidden', 'true');
    } else {
      cursorRef.current.setLatLng(at);
    }
    // Where it is, readable without projecting pixels back (tests; a zoomed-out map moves it by less than one).
    cursorRef.current.getElement()?.setAttribute('data-latlng', `${round(cursorLat)},${round(cursorLon)}`);
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [cursorLat, cursorLon, tiles, interactive]);

  // The picker, nothing picked yet: the view moves to the destination's city as it is typed.
  const startLat = start?.lat;
  const startLon = start?.lon;
  const nothingPicked = picked === undefined || picked === null;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || startLat === undefined || startLon === undefined || !nothingPicked) return;
    map.setView(L.latLng(startLat, startLon), CITY_ZOOM);
  }, [startLat, startLon, nothingPicked, tiles, interactive]);

  // The picker: one draggable marker at the chosen point, moved by a click, a drag or typing.
  const pickedLat = picked?.lat;
  const pickedLon = picked?.lon;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (pickedLat === undefined || pickedLon === undefined) {
      pickedRef.current?.remove();
      pickedRef.current = null;
      return;
    }
    const at = L.latLng(pickedLat, pickedLon);
    if (!pickedRef.current) {
      const marker = L.marker(at, { icon: markerIcon, draggable: true, title: TEXT.map.trailhead, alt: TEXT.map.trailhead, keyboard: true });
      marker.on('dragend', () => {
        const p = marker.getLatLng().wrap();
        pickRef.current?.({ lat: round(p.lat), lon: round(p.lng) });
      });
      marker.addTo(map);
      pickedRef.current = marker;
      map.setView(at, Math.max(map.getZoom(), POINT_ZOOM));
    } else {
      pickedRef.current.setLatLng(at);
      if (!map.getBounds().contains(at)) map.panTo(at);
    }
  }, [pickedLat, pickedLon, tiles, interactive]);

  return <div ref={container} role="region" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
