import { DOMParser } from '@xmldom/xmldom';
import { gpx, kml } from '@tmcw/togeojson';
import type { Geometry } from 'geojson';
import {
  normaliseTrack,
  trackProblem,
  TRACK_FILE_MAX_BYTES,
  TRACK_MAX_POINTS,
  type TrackProblem,
  type TrackSegments,
} from '@sendero/contract';

/**
 * Reading a guide's GPX or KML file into the normalised track of docs/product.md#tracks
 * (docs/decisions/044-route-tracks.md): `@xmldom/xmldom` builds the document, `@tmcw/togeojson` finds
 * the lines in it. Nothing here resolves an entity or fetches anything: a file with a DOCTYPE (the only
 * way to declare an entity or an external reference) is refused before the parser sees it, and xmldom
 * never loads anything by itself. Only longitude, latitude and elevation leave this module: times,
 * names, device names and extensions are dropped with the document.
 *
 * Pure and synchronous: it runs in the tracks worker thread (tracks/track-worker.ts), off the event loop
 * that answers everyone else.
 */

/** The DOM document togeojson reads (the server has no DOM types of its own). */
type XmlDocument = Parameters<typeof gpx>[0];

export type ParsedTrack = { ok: true; segments: TrackSegments } | { ok: false; problem: TrackProblem };

const refuse = (problem: TrackProblem = 'invalid'): ParsedTrack => ({ ok: false, problem });

/** A DOCTYPE or an entity declaration anywhere (case-insensitive, as some parsers accept). */
const DECLARATION_RE = /<!\s*(doctype|entity)/i;
/** Every `<ele>` value of a GPX file (with or without a namespace prefix). */
const GPX_ELE_RE = /<(?:[\w-]+:)?ele\b[^>]*>([^<]*)<\//g;
/** Times and extensions (GPX), times of gx:Track (KML): never stored, so never parsed. */
const STRIP_RE = /<((?:[\w-]+:)?(?:time|extensions|when))\b[^>]*>[^]*?<\/\1\s*>/g;
const BETWEEN_TAGS_RE = />\s+</g;
const GPX_TRKPT_RE = /<(?:[\w-]+:)?trkpt\b([^>]*)>/g;
const GPX_RTEPT_RE = /<(?:[\w-]+:)?rtept\b([^>]*)>/g;
const ATTR_RE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
const LAT_RE = ATTR_RE('lat');
const LON_RE = ATTR_RE('lon');

/** Whether every point tag matched by `re` says a latitude and a longitude that are finite numbers. */
function everyPointReadable(text: string, re: RegExp): boolean {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const lat = LAT_RE.exec(m[1]!);
    const lon = LON_RE.exec(m[1]!);
    if (!lat || !lon || !Number.isFinite(Number(lat[1] ?? lat[2])) || !Number.isFinite(Number(lon[1] ?? lon[2]))) return false;
  }
  return true;
}

function countMatches(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

/** The root element's local name, read from the text (after a BOM, an XML declaration, comments and processing instructions). */
function rootName(text: string): string | null {
  const m = /^\uFEFF?\s*(?:<\?[^]*?\?>\s*|<!--[^]*?-->\s*)*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text);
  return m ? m[2]!.toLowerCase() : null;
}

/** The lines of a GeoJSON geometry, in order: each LineString is a segment. */
function linesOf(geometry: Geometry | null, out: number[][][]): void {
  if (!geometry) return;
  if (geometry.type === 'LineString') out.push(geometry.coordinates);
  else if (geometry.type === 'MultiLineString') out.push(...geometry.coordinates);
  else if (geometry.type === 'GeometryCollection') for (const g of geometry.geometries) linesOf(g, out);
}

/** Bytes of a file as text: UTF-8 (a byte it cannot read becomes U+FFFD; names are dropped anyway). */
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes);

/**
 * The segments of a GPX (`trk/trkseg/trkpt`, or `rte/rtept` when there is no `trk`) or KML
 * (`LineString`, `gx:Track`) file, in file order, checked and normalised; or why it is refused.
 * Waypoints and polygons are ignored.
 */
export function parseTrackFile(bytes: Uint8Array): ParsedTrack {
  if (bytes.length === 0 || bytes.length > TRACK_FILE_MAX_BYTES) return refuse();
  const text = decode(bytes);
  // Not XML at all (a JPEG, a KMZ's zip, an empty or binary file): the first thing must be markup.
  if (!/^\uFEFF?\s*</.test(text)) return refuse();
  if (DECLARATION_RE.test(text)) return refuse();
  const root = rootName(text);
  if (root !== 'gpx' && root !== 'kml') return refuse();

  if (root === 'gpx') {
    // Counted on the text before a document is built: 200,001 points are refused without the memory
    // and the seconds a DOM of them would take.
    const trkpts = countMatches(text, GPX_TRKPT_RE);
    const points = trkpts > 0 ? trkpts : countMatches(text, GPX_RTEPT_RE);
    if (points > TRACK_MAX_POINTS) return refuse('tooManyPoints');
    // togeojson skips a point whose latitude or longitude it cannot read: such a file is refused.
    if (!everyPointReadable(text, trkpts > 0 ? GPX_TRKPT_RE : GPX_RTEPT_RE)) return refuse();
    // togeojson skips an elevation it cannot read; a file that says one and it is not a number is refused.
    GPX_ELE_RE.lastIndex = 0;
    for (let m = GPX_ELE_RE.exec(text); m !== null; m = GPX_ELE_RE.exec(text)) {
      const value = m[1]!.trim();
      if (value === '' || !Number.isFinite(Number(value))) return refuse();
    }
  }

  // What is never kept goes before the document is built (fewer nodes: half the parsing time): times,
  // extensions, and the whitespace between tags.
  const lean = text.replace(STRIP_RE, '').replace(BETWEEN_TAGS_RE, '><');
  let doc: XmlDocument;
  try {
    doc = new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(lean, 'text/xml') as unknown as XmlDocument;
  } catch {
    return refuse();
  }

  const lines: number[][][] = [];
  if (root === 'gpx') {
    const features = gpx(doc).features;
    const tracks = features.filter((f) => f.properties?._gpxType === 'trk');
    const chosen = tracks.length > 0 ? tracks : features.filter((f) => f.properties?._gpxType === 'rte');
    for (const f of chosen) linesOf(f.geometry, lines);
  } else {
    for (const f of kml(doc).features) linesOf(f.geometry, lines);
    // A line drawn on the ground (every altitude 0, KML's clampToGround) says nothing of elevation.
    if (lines.every((l) => l.every((p) => p.length < 3 || p[2] === 0))) for (const l of lines) for (const p of l) p.length = 2;
  }

  const problem = trackProblem(lines);
  if (problem) return refuse(problem);
  const segments = normaliseTrack(lines);
  return { ok: true, segments };
}
