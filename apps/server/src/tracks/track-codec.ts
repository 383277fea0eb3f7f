import { simplifyTrackLine, trackProfile, trackSummary, type TrackPoint, type TrackSegments, type TrackSummary } from '@sendero/contract';

/**
 * The stored form of a route track's points and the GPX download (docs/decisions/044-route-tracks.md).
 * No XML parser here: the server reads and writes these without loading one.
 */

/** What the tracks worker answers for an accepted file: everything the database keeps. */
export interface ReadTrack {
  /** Points per segment. */
  segmentLengths: number[];
  /** Every point packed by `packPoints`. */
  points: Uint8Array;
  summary: Omit<TrackSummary, 'updated_at'>;
  /** The map's line and the profile as JSON text, as GET /api/place/{id}/track sends them. */
  lineJson: string;
  profileJson: string;
}

/** Summary, line and profile of accepted segments, and the points packed for storage. */
export function readTrack(segments: TrackSegments): ReadTrack {
  const { updated_at: _ignored, ...summary } = trackSummary(segments, new Date(0));
  void _ignored;
  return {
    segmentLengths: segments.map((s) => s.length),
    points: packPoints(segments),
    summary,
    lineJson: JSON.stringify(simplifyTrackLine(segments)),
    profileJson: JSON.stringify(trackProfile(segments)),
  };
}

// ---------------------------------------------------------------------------------------------
// Storage form: 12 bytes a point (little-endian int32 longitude and latitude in 1e-7 degrees,
// elevation in decimetres, NO_ELE when none), about 2.4 MB for 200,000 points.
// ---------------------------------------------------------------------------------------------

const NO_ELE = -0x80000000;

export function packPoints(segments: readonly TrackPoint[][]): Uint8Array {
  const count = segments.reduce((n, s) => n + s.length, 0);
  const view = new DataView(new ArrayBuffer(count * 12));
  let o = 0;
  for (const s of segments) {
    for (const [lon, lat, ele] of s) {
      view.setInt32(o, Math.round(lon * 1e7), true);
      view.setInt32(o + 4, Math.round(lat * 1e7), true);
      view.setInt32(o + 8, ele === null ? NO_ELE : Math.round(ele * 10), true);
      o += 12;
    }
  }
  return new Uint8Array(view.buffer);
}

export function unpackPoints(bytes: Uint8Array, segmentLengths: readonly number[]): TrackSegments {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: TrackSegments = [];
  let o = 0;
  for (const length of segmentLengths) {
    const segment: TrackPoint[] = new Array(length);
    for (let i = 0; i < length; i++) {
      const ele = view.getInt32(o + 8, true);
      segment[i] = [view.getInt32(o, true) / 1e7, view.getInt32(o + 4, true) / 1e7, ele === NO_ELE ? null : ele / 10];
      o += 12;
    }
    out.push(segment);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The download: GPX 1.1, the place's name, full-resolution points with their elevation, no times.
// ---------------------------------------------------------------------------------------------

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Characters XML 1.0 cannot carry at all (controls other than tab, newline, return). */
// eslint-disable-next-line no-control-regex
const stripXmlInvalid = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

/**
 * The GPX download in pieces of a few thousand points (a generator, so a 200,000-point file is sent
 * as it is written and the event loop gets a turn between pieces).
 */
export function* gpxChunks(name: string, bytes: Uint8Array, segmentLengths: readonly number[], piece = 2000): Generator<string> {
  const safeName = escapeXml(stripXmlInvalid(name));
  yield '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="Sendero" xmlns="http://www.topografix.com/GPX/1/1">\n' +
    `  <metadata>\n    <name>${safeName}</name>\n  </metadata>\n  <trk>\n    <name>${safeName}</name>\n`;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 0;
  for (const length of segmentLengths) {
    let out = '    <trkseg>\n';
    for (let i = 0; i < length; i++) {
      const lon = view.getInt32(o, true) / 1e7;
      const lat = view.getInt32(o + 4, true) / 1e7;
      const ele = view.getInt32(o + 8, true);
      o += 12;
      out += ele === NO_ELE ? `      <trkpt lat="${lat}" lon="${lon}"/>\n` : `      <trkpt lat="${lat}" lon="${lon}"><ele>${ele / 10}</ele></trkpt>\n`;
      if ((i + 1) % piece === 0) {
        yield out;
        out = '';
      }
    }
    yield `${out}    </trkseg>\n`;
  }
  yield '  </trk>\n</gpx>\n';
}
