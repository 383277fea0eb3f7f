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

/*
 * Every pattern below runs in time linear in the file, whatever it holds: a tag's attributes never
 * contain `<` or `>` (`[^<>]*`), an element's text never contains `<` (`[^<]*`), and what may nest
 * (extensions) or may not close (the prolog) is walked with indexOf. A pattern that could backtrack
 * over the rest of the file at every unclosed tag would let a 10 MB file hold the reader for hours.
 */

/** A DOCTYPE or an entity declaration anywhere (case-insensitive, as some parsers accept). */
const DECLARATION_RE = /<!\s*(doctype|entity)/i;
/** Every `<ele>` value of a GPX file (with or without a namespace prefix). */
const GPX_ELE_RE = /<(?:[\w-]+:)?ele\b[^<>]*>([^<]*)<\//g;
/** Times (GPX `<time>`, KML `<when>`): never stored, so never parsed. */
const TIME_RE = /<((?:[\w-]+:)?(?:time|when))\b[^<>]*>[^<]*<\/\1\s*>/g;
const EXTENSIONS_OPEN_RE = /<((?:[\w-]+:)?extensions)\b[^<>]*>/g;
const BETWEEN_TAGS_RE = />\s+</g;
/**
 * A prefix bound to the format's own namespace (GPX 1.0 or 1.1, KML 2.2 or Google Earth's older KML):
 * `<gpx:trkpt>` under `xmlns:gpx="http://www.topografix.com/GPX/1/1"`. togeojson looks elements up by
 * their written name (`trkpt`), so such a prefix is taken off before the document is built.
 */
const FORMAT_PREFIX_RE =
  /\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*(?:"|')(?:http:\/\/www\.topografix\.com\/GPX\/1\/[01]|http:\/\/www\.opengis\.net\/kml\/2\.2|http:\/\/earth\.google\.com\/kml\/2\.[012])\/?(?:"|')/g;
const GPX_TRKPT_RE = /<(?:[\w-]+:)?trkpt\b([^<>]*)>/g;
const GPX_RTEPT_RE = /<(?:[\w-]+:)?rtept\b([^<>]*)>/g;
const ATTR_RE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
const LAT_RE = ATTR_RE('lat');
const LON_RE = ATTR_RE('lon');
const ROOT_RE = /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/y;
/** Element tags: `</name>`, `<name ...>`, `<name .../>` (comments, declarations and instructions aside). */
const TAG_RE = /<(\/?)[A-Za-z_][^<>]*?(\/?)>/g;
/** Deeper than this is not a GPX or KML (a KML in folders is a dozen levels): xmldom slows down with depth. */
const MAX_DEPTH = 100;
/** A longer tag is not a GPX or KML one (namespaces included, a few hundred characters): xmldom compares every attribute with every other. */
const MAX_TAG_LENGTH = 8192;

/** Whether elements nest deeper than `MAX_DEPTH` or a tag is longer than `MAX_TAG_LENGTH` (on the text, in one pass). */
function outOfShape(text: string): boolean {
  let depth = 0;
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(text); m !== null; m = TAG_RE.exec(text)) {
    if (m[0].length > MAX_TAG_LENGTH) return true;
    if (m[1]) depth--;
    else if (!m[2] && ++depth > MAX_DEPTH) return true;
  }
  return false;
}

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

/** The root element's local name: after a BOM, whitespace, the XML declaration, comments and processing instructions. */
export function rootName(text: string): string | null {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return null;
      i = end + 3;
    } else break;
  }
  ROOT_RE.lastIndex = i;
  const m = ROOT_RE.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/** The text without its `<extensions>` elements (which nest other elements), walked once. */
function withoutExtensions(text: string): string {
  const parts: string[] = [];
  let from = 0;
  EXTENSIONS_OPEN_RE.lastIndex = 0;
  for (let m = EXTENSIONS_OPEN_RE.exec(text); m !== null; m = EXTENSIONS_OPEN_RE.exec(text)) {
    let end: number;
    if (m[0].endsWith('/>')) end = EXTENSIONS_OPEN_RE.lastIndex;
    else {
      const close = text.indexOf(`</${m[1]}`, EXTENSIONS_OPEN_RE.lastIndex);
      const gt = close < 0 ? -1 : text.indexOf('>', close);
      // Never closed: the parser will say the file is broken; nothing more to strip.
      if (gt < 0) break;
      end = gt + 1;
    }
    parts.push(text.slice(from, m.index));
    from = end;
    EXTENSIONS_OPEN_RE.lastIndex = end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** A tag's opening up to its prefix's colon: `<gpx:`, `</gpx:`. */
const PREFIXED_TAG_RE = /<(\/?)([A-Za-z_][\w.-]*):/g;

/** The text with the format's own namespace prefixes taken off its tags (`<gpx:trkpt>` -> `<trkpt>`); other prefixes stay. */
function withoutFormatPrefixes(text: string): string {
  const prefixes = new Set<string>();
  FORMAT_PREFIX_RE.lastIndex = 0;
  for (let m = FORMAT_PREFIX_RE.exec(text); m !== null; m = FORMAT_PREFIX_RE.exec(text)) prefixes.add(m[1]!);
  if (prefixes.size === 0) return text;
  // One pattern for any prefix and a set lookup: linear however many prefixes the file declares.
  return text.replace(PREFIXED_TAG_RE, (tag: string, slash: string, prefix: string) => (prefixes.has(prefix) ? `<${slash}` : tag));
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
  // extensions, and the whitespace between tags; and the format's namespace prefix, which togeojson
  // would not see through.
  const lean = withoutFormatPrefixes(withoutExtensions(text.replace(TIME_RE, '')).replace(BETWEEN_TAGS_RE, '><'));
  // xmldom takes seconds per thousand levels of unclosed elements, or on a tag of a million attributes:
  // a file shaped like that is refused first.
  if (outOfShape(lean)) return refuse();
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
