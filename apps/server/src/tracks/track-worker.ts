import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { parseTrackFile, readTrack } from './parse-track.js';
import type { TrackJob, TrackAnswer } from './track-reader.js';

/**
 * The tracks worker thread (docs/decisions/044-route-tracks.md): reads an uploaded file from its path,
 * parses, checks and measures it, and answers what the database keeps. The server's event loop only
 * waits for the answer.
 */
parentPort!.on('message', (job: TrackJob) => {
  const started = process.cpuUsage();
  let answer: TrackAnswer;
  try {
    const parsed = parseTrackFile(readFileSync(job.path));
    answer = parsed.ok ? { id: job.id, track: readTrack(parsed.segments) } : { id: job.id, problem: parsed.problem };
  } catch (error) {
    answer = { id: job.id, fault: error instanceof Error ? error.message : String(error) };
  }
  const cpu = process.cpuUsage(started);
  answer.cpuMs = (cpu.user + cpu.system) / 1000;
  parentPort!.postMessage(answer, 'track' in answer && answer.track ? [answer.track.points.buffer as ArrayBuffer] : []);
});
