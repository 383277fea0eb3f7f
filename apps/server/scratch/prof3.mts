import { readFileSync } from 'node:fs';
import { parseTrackFile } from '../src/tracks/parse-track.ts';
import { simplifyTrackLine, trackProfile, trackSummary } from '@sendero/contract';
const bytes = readFileSync(process.argv[2]!);
for (let r = 0; r < 2; r++) {
let t = performance.now();
const p = parseTrackFile(bytes);
const a = performance.now() - t; t = performance.now();
if (!p.ok) throw new Error('x');
trackSummary(p.segments);
const b = performance.now() - t; t = performance.now();
simplifyTrackLine(p.segments);
const c = performance.now() - t; t = performance.now();
trackProfile(p.segments);
console.log('parse', Math.round(a), 'summary', Math.round(b), 'line', Math.round(c), 'profile', Math.round(performance.now() - t));
}
