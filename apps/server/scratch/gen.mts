import { writeFileSync } from 'node:fs';
const n = 100_000;
const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Banco</name><trkseg>\n'];
let lat = -9.0457, lon = -77.6115, heading = 0.3;
for (let i = 0; i < n; i++) {
  heading += Math.sin(i / 37) * 0.08;
  lat += Math.cos(heading) * 0.000012;
  lon += Math.sin(heading) * 0.000012;
  const ele = 3900 + 700 * Math.sin((Math.PI * i) / n) + 3 * Math.sin(i / 5);
  parts.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(0)}</ele></trkpt>\n`);
}
parts.push('</trkseg></trk></gpx>\n');
writeFileSync('/tmp/trk/bench.gpx', parts.join(''));
