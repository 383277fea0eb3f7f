import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TrackProblem } from '@sendero/contract';
import type { ReadTrack } from './track-codec.js';

export interface TrackJob {
  id: number;
  path: string;
}

export type TrackAnswer = ({ id: number; track: ReadTrack } | { id: number; problem: TrackProblem } | { id: number; fault: string }) & { cpuMs?: number };

export interface TrackReaderOptions {
  /** The worker exits after this long without a file; the next file starts one. */
  idleExitMs?: number;
  /** The worker's heap ceiling: a file that needs more fails alone (500) instead of the server. */
  maxHeapMb?: number;
  /** Nice value of the worker thread (Linux): 19 by default, 0 for the server's own priority. */
  nice?: number;
}

/**
 * track-worker.js beside this module once built; in development and tests its source, loaded through
 * tsx's loader registered inside the thread (a worker does not inherit the process's loader).
 */
function workerEntry(): { file: string | URL; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return { file: join(dirname(here), 'track-worker.js'), eval: false };
  const source = pathToFileURL(join(dirname(here), 'track-worker.ts')).href;
  return {
    file: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

interface Waiting {
  worker: Worker;
  resolve: (answer: TrackAnswer) => void;
  reject: (error: Error) => void;
}

/**
 * Reads track files in one worker thread (docs/decisions/044-route-tracks.md): parsing a 10 MB XML file
 * takes a second or more of CPU, which on the event loop would hold up every other request. Files are
 * read one at a time in arrival order (the worker's message queue); the thread starts with the first
 * file and exits after `idleExitMs` without one, so an idle server holds none of its memory. A thread
 * that dies (out of its heap) fails the files it held; the next file starts a new one.
 */
export class TrackReader {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: TrackReaderOptions = {}) {}

  /** Files sent and not yet answered. */
  get pending(): number {
    return this.waiting.size;
  }

  read(path: string): Promise<TrackAnswer> {
    if (this.closed) return Promise.reject(new Error('track reader closed'));
    const worker = this.start();
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    return new Promise<TrackAnswer>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      worker.ref();
      worker.postMessage({ id, path } satisfies TrackJob);
    }).finally(() => this.quiet());
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private quiet(): void {
    if (this.waiting.size > 0) return;
    this.worker?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.waiting.size > 0 || !this.worker) return;
      const worker = this.worker;
      this.worker = null;
      void worker.terminate();
    }, this.options.idleExitMs ?? 60_000);
    this.idleTimer.unref();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry();
    const worker = new Worker(entry.file, {
      eval: entry.eval,
      workerData: { nice: this.options.nice ?? 19 },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 1024 },
      stdout: false,
      stderr: false,
    });
    worker.on('message', (answer: TrackAnswer) => {
      const w = this.waiting.get(answer.id);
      if (!w) return;
      this.waiting.delete(answer.id);
      if ('track' in answer) answer.track.points = new Uint8Array(answer.track.points.buffer, answer.track.points.byteOffset, answer.track.points.byteLength);
      w.resolve(answer);
    });
    const gone = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, w] of this.waiting) {
        if (w.worker !== worker) continue;
        this.waiting.delete(id);
        w.reject(error);
      }
    };
    worker.on('error', (error) => gone(error));
    worker.on('exit', (code) => gone(new Error(`track worker exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
