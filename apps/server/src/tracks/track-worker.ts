import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { parseTrackFile } from './parse-track.js';
import { readTrack } from './track-codec.js';
import type { TrackJob, TrackAnswer } from './track-reader.js';

/**
 * The tracks worker thread (docs/decisions/044-route-tracks.md): reads an uploaded file from its path,
 * parses, checks and measures it, and answers what the database keeps. The server's event loop only
 * waits for the answer.
 */
// Ranked below the server's own thread (docs/decisions/044-route-tracks.md): Linux nices threads one
// by one, and /proc/thread-self names this one. Elsewhere (or if refused) it runs at the server's priority.
const nice = (workerData as { nice?: number } | undefined)?.nice ?? 0;
if (nice > 0 && process.platform === 'linux') {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // Not allowed here: the thread keeps the server's priority.
  }
}

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
