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
  /**
   * A file still being read after this long ends its thread (the next file gets a new one) and is
   * answered as unreadable. No GPX or KML the pre-checks let through takes near it (10 MB: seconds).
   */
  timeoutMs?: number;
}

/** A file its thread gave up on (`timeoutMs`): the route answers it as not a track. */
export class TrackReadTimeout extends Error {
  constructor(ms: number) {
    super(`track file still being read after ${ms} ms`);
  }
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

interface Job {
  id: number;
  path: string;
  resolve: (answer: TrackAnswer) => void;
  reject: (error: Error) => void;
}

/**
 * Reads track files in one worker thread (docs/decisions/044-route-tracks.md): parsing a 10 MB XML file
 * takes seconds of CPU, which on the event loop would hold up every other request. Files are read one
 * at a time in arrival order: the thread holds one file, the others wait here. The thread starts with
 * the first file and exits after `idleExitMs` without one, so an idle server holds none of its memory.
 * A thread that dies (out of its heap) or overruns `timeoutMs` fails only the file it held; the next
 * file starts a new thread.
 */
export class TrackReader {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private jobTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: TrackReaderOptions = {}) {}

  /** Files being read or waiting. */
  get pending(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  read(path: string): Promise<TrackAnswer> {
    if (this.closed) return Promise.reject(new Error('track reader closed'));
    clearTimeout(this.idleTimer);
    return new Promise<TrackAnswer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, path, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.jobTimer);
    for (const job of this.queue.splice(0)) job.reject(new Error('track reader closed'));
    this.current?.reject(new Error('track reader closed'));
    this.current = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  /** Hands the next waiting file to the thread when it holds none; with none waiting, lets it go idle. */
  private next(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.quiet();
      return;
    }
    this.current = job;
    const worker = this.start();
    worker.ref();
    worker.postMessage({ id: job.id, path: job.path } satisfies TrackJob);
    const ms = this.options.timeoutMs ?? 120_000;
    this.jobTimer = setTimeout(() => {
      if (this.current !== job) return;
      this.finish(job, (j) => j.reject(new TrackReadTimeout(ms)));
      this.drop(worker);
      this.next();
    }, ms);
  }

  private finish(job: Job, how: (job: Job) => void): void {
    if (this.current !== job) return;
    clearTimeout(this.jobTimer);
    this.current = null;
    how(job);
  }

  /** Ends a thread that is no longer trusted (timed out); its exit rejects nothing more. */
  private drop(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
    void worker.terminate();
  }

  private quiet(): void {
    this.worker?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.current || this.queue.length > 0 || !this.worker) return;
      this.drop(this.worker);
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
      const job = this.current;
      if (!job || job.id !== answer.id || this.worker !== worker) return;
      if ('track' in answer) answer.track.points = new Uint8Array(answer.track.points.buffer, answer.track.points.byteOffset, answer.track.points.byteLength);
      this.finish(job, (j) => j.resolve(answer));
      this.next();
    });
    const gone = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const job = this.current;
      if (job) this.finish(job, (j) => j.reject(error));
      this.next();
    };
    worker.on('error', (error) => gone(error));
    worker.on('exit', (code) => gone(new Error(`track worker exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
