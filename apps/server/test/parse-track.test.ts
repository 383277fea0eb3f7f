import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrackFile, rootName } from '@/tracks/parse-track.js';
import { TrackReader, TrackReadTimeout } from '@/tracks/track-reader.js';
import { gpxFile, kmlFile, walk } from './helpers/track-files.js';

/**
 * The track reader on hostile text (docs/decisions/044-route-tracks.md): every check before the parser
 * is linear in the file, so a file of ten million characters made to make a pattern backtrack is
 * refused as fast as any other (times printed, not asserted: a quadratic pattern would not finish).
 */

const MB = 1024 * 1024;
const bytes = (s: string) => new TextEncoder().encode(s);

describe('hostile text is refused in linear time', () => {
  const cases: [string, string][] = [
    ['point tags that never close', `<gpx>${'<trkpt lat="1" lon="2" '.repeat((9 * MB) / 24)}`],
    ['elevation tags that never close', `<gpx><trk><trkseg><trkpt lat="1" lon="2">${'<ele '.repeat((9 * MB) / 5)}`],
    ['time elements that never close', `<gpx><trk><trkseg>${'<time>2026'.repeat((9 * MB) / 10)}`],
    ['extensions that never close', `<gpx><trk><trkseg>${'<extensions><x>'.repeat((9 * MB) / 15)}`],
    ['a prolog of processing instructions and no root', `${'<?a?>'.repeat((9 * MB) / 5)}!`],
    ['prefixed tags that never close under a GPX prefix', `<gpx xmlns:g="http://www.topografix.com/GPX/1/1">${'<g:trkpt lat="1" lon="2" '.repeat((9 * MB) / 26)}`],
    ['a comment that never closes', `<!--${'-'.repeat(9 * MB)}`],
    ['a point of 800,000 attributes', `<gpx><trk><trkseg><trkpt lat="1" lon="2"${Array.from({ length: 800_000 }, (_, i) => ` a${i}="1"`).join('')}/><trkpt lat="1" lon="3"/></trkseg></trk></gpx>`],
  ];
  for (const [name, text] of cases) {
    it(name, () => {
      const started = performance.now();
      const result = parseTrackFile(bytes(text));
      console.log(`track reader, ${name} (${(text.length / MB).toFixed(1)} MB): refused in ${(performance.now() - started).toFixed(0)} ms`);
      expect(result.ok).toBe(false);
    });
  }
});

describe('what is stripped before parsing keeps every point', () => {
  it('a self-closing <extensions/> does not swallow the points after it', () => {
    const points = walk(6);
    const file = gpxFile([points]).replace('</trkpt>', '<extensions/></trkpt>').replace(/(<trkpt[^>]*>)(<ele>)/g, '$1<extensions><x:a>1</x:a></extensions>$2');
    const result = parseTrackFile(bytes(file));
    expect(result.ok && result.segments[0]).toEqual(points);
  });

  it("reads GPX and KML files whose elements carry the format's namespace prefix (<gpx:trkpt>, <kml:coordinates>)", () => {
    const a = walk(6);
    const b = walk(4, { lat0: -9.04 });
    // Every GPX element prefixed, the prefix bound to GPX 1.1 on the root (no default namespace), the
    // extension's own prefix left as it is.
    const gpx = gpxFile([a, b])
      .replace('xmlns="http://www.topografix.com/GPX/1/1"', 'xmlns:gpx="http://www.topografix.com/GPX/1/1"')
      .replace(/<(\/?)(gpx|metadata|name|time|wpt|ele|trk|trkseg|trkpt|extensions)\b/g, '<$1gpx:$2');
    expect(gpx).toContain('<gpx:trkpt lat=');
    expect(gpx).toContain('<gpxtpx:hr>');
    const read = parseTrackFile(bytes(gpx));
    expect(read.ok && read.segments).toEqual([a, b]);
    // GPX 1.0, whose namespace differs, under another prefix.
    const gpx10 = gpx.replaceAll('gpx:', 'g:').replace('xmlns:gpx="http://www.topografix.com/GPX/1/1"', 'xmlns:g="http://www.topografix.com/GPX/1/0"');
    expect(gpx10).toContain('<g:trkpt lat=');
    const read10 = parseTrackFile(bytes(gpx10));
    expect(read10.ok && read10.segments).toEqual([a, b]);

    const kml = kmlFile([a])
      .replace('xmlns="http://www.opengis.net/kml/2.2"', 'xmlns:kml="http://www.opengis.net/kml/2.2"')
      .replace(/<(\/?)(kml|Document|name|Placemark|Point|LineString|coordinates)\b/g, '<$1kml:$2');
    const readKml = parseTrackFile(bytes(kml));
    expect(readKml.ok && readKml.segments).toEqual([a]);
  });

  it('does not take elements of another namespace for the track under a GPX prefix', () => {
    // The points are under a prefix bound to some other vocabulary: not GPX points, so no track.
    const other = gpxFile([walk(6)]).replace('xmlns:gpxtpx=', 'xmlns:o="urn:otra-cosa" xmlns:gpxtpx=').replace(/<(\/?)(trk|trkseg|trkpt)\b/g, '<$1o:$2');
    expect(parseTrackFile(bytes(other))).toEqual({ ok: false, problem: 'invalid' });
  });

  it('reads the root after a BOM, the declaration, comments and processing instructions', () => {
    expect(rootName('\uFEFF<?xml version="1.0"?>\n<!-- hecho a mano -->\n<?xml-stylesheet href="x"?>\n<gpx version="1.1">')).toBe('gpx');
    expect(rootName('<kml:kml xmlns:kml="x">')).toBe('kml');
    expect(rootName('<?xml version="1.0"?> hola')).toBeNull();
  });
});

describe('the reader thread', () => {
  it('gives up on a file after its time limit, answers it as unreadable, and goes on with the next', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sendero-track-reader-'));
    const path = join(dir, 'ruta.gpx');
    writeFileSync(path, gpxFile([walk(50)]));
    // 1 ms: the thread cannot even start in time, so both files overrun it, each on a thread of its own.
    const hasty = new TrackReader({ timeoutMs: 1 });
    const patient = new TrackReader();
    try {
      const [a, b] = await Promise.allSettled([hasty.read(path), hasty.read(path)]);
      expect(a.status === 'rejected' && a.reason).toBeInstanceOf(TrackReadTimeout);
      expect(b.status === 'rejected' && b.reason).toBeInstanceOf(TrackReadTimeout);
      expect(hasty.pending).toBe(0);
      const answer = await patient.read(path);
      expect('track' in answer && answer.track.summary.points).toBe(50);
    } finally {
      await Promise.all([hasty.close(), patient.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
