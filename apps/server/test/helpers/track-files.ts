import { API, type TrackPoint, type TrackUploadResponse } from '@sendero/contract';
import type { TestApp } from './app.js';
import { api, type ErrorBody } from './client.js';
import { multipart } from './upload-fixtures.js';

/** Test files of docs/product.md#tracks: GPX and KML written from points. */

/** `n` points going north-east from a trailhead near Huaraz, climbing then descending (elevation optional). */
export function walk(n: number, options: { lat0?: number; lon0?: number; ele?: boolean; step?: number } = {}): TrackPoint[] {
  const { lat0 = -9.05, lon0 = -77.6, ele = true, step = 0.0001 } = options;
  return Array.from({ length: n }, (_, i): TrackPoint => [
    Number((lon0 + i * step * 0.6).toFixed(7)),
    Number((lat0 + i * step).toFixed(7)),
    ele ? Number((3800 + 400 * Math.sin((Math.PI * i) / Math.max(1, n - 1))).toFixed(1)) : null,
  ]);
}

const trkpt = ([lon, lat, ele]: TrackPoint, time = true) =>
  `<trkpt lat="${lat}" lon="${lon}">${ele === null ? '' : `<ele>${ele}</ele>`}${time ? '<time>2026-05-01T07:00:00Z</time>' : ''}</trkpt>`;

/** A GPX 1.1 file as a device writes it: a name, times, an extension, waypoints, the segments. */
export function gpxFile(segments: TrackPoint[][], options: { routes?: TrackPoint[][]; doctype?: string; name?: string } = {}): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    (options.doctype ?? '') +
    '<gpx version="1.1" creator="Garmin eTrex 32x" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n' +
    `<metadata><name>${options.name ?? 'Mi caminata'}</name><time>2026-05-01T07:00:00Z</time></metadata>\n` +
    '<wpt lat="-9.0" lon="-77.0"><ele>5000</ele><name>Cumbre</name></wpt>\n' +
    (segments.length > 0
      ? `<trk><name>Track 1</name><extensions><gpxtpx:TrackExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackExtension></extensions>\n${segments
          .map((s) => `<trkseg>\n${s.map((p) => trkpt(p)).join('\n')}\n</trkseg>`)
          .join('\n')}\n</trk>\n`
      : '') +
    (options.routes ?? []).map((r) => `<rte><name>Ruta</name>${r.map(([lon, lat, ele]) => `<rtept lat="${lat}" lon="${lon}">${ele === null ? '' : `<ele>${ele}</ele>`}</rtept>`).join('')}</rte>\n`).join('') +
    '</gpx>\n'
  );
}

/** A KML file with one LineString per segment (altitude as given). */
export function kmlFile(segments: TrackPoint[][]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Ruta</name>\n' +
    '<Placemark><name>Inicio</name><Point><coordinates>-77.6,-9.05,3800</coordinates></Point></Placemark>\n' +
    segments
      .map((s) => `<Placemark><name>Tramo</name><LineString><coordinates>\n${s.map(([lon, lat, ele]) => `${lon},${lat}${ele === null ? '' : `,${ele}`}`).join(' ')}\n</coordinates></LineString></Placemark>`)
      .join('\n') +
    '\n</Document></kml>\n'
  );
}

/** A KML gx:Track (times in <when>, coordinates in <gx:coord>). */
export function gxTrackFile(points: TrackPoint[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><Placemark><gx:Track>\n' +
    points.map(() => '<when>2026-05-01T07:00:00Z</when>').join('\n') +
    '\n' +
    points.map(([lon, lat, ele]) => `<gx:coord>${lon} ${lat} ${ele ?? 0}</gx:coord>`).join('\n') +
    '\n</gx:Track></Placemark></Document></kml>\n'
  );
}

/** PUT /api/place/{id}/track with one file. */
export function putTrack(t: TestApp, token: string | undefined, placeId: string, data: Buffer | string, filename = 'ruta.gpx') {
  const body = multipart(Buffer.isBuffer(data) ? data : Buffer.from(data), { filename, contentType: 'application/gpx+xml' });
  return api(t, token).request<TrackUploadResponse & ErrorBody>({ method: 'PUT', url: API.placeTrack(placeId), headers: body.headers, payload: body.payload });
}
