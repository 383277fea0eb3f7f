import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ErrorCode, MSG } from '@sendero/contract';
import { AppError, unsupportedMedia } from '@/errors.js';
import type { ProcessedImage, ProcessOptions } from './pipeline.js';

/**
 * How the image process competes for the CPU with the server (docs/decisions/036-image-process.md):
 * - `idle`: Linux's idle scheduling class (SCHED_IDLE, through util-linux's `chrt`): whenever a thread of
 *   the server wants a core, the kernel gives it at once; with a core free, images go at full speed.
 *   Without `chrt` (or elsewhere than Linux) it falls back to `low`.
 * - `low`: nice 19 on every thread of the image process.
 * - `normal`: the server's own priority.
 */
export type ImagePriority = 'idle' | 'low' | 'normal';

export interface ImageRequest {
  id: number;
  input: Buffer | string;
  options: ProcessOptions;
}

export type ImageResponse =
  | { id: number; image: ProcessedImage }
  | { id: number; refused: { status: number; code: ErrorCode; message: string } }
  | { id: number; fault: string };

export interface ImageProcessOptions {
  priority: ImagePriority;
  /** The process exits after this long without an image (its memory goes with it); the next image starts one. */
  idleExitMs?: number;
  /** The worker's entry; tests give another to see what the server does when it misbehaves. */
  script?: string;
}

/** Signals that mean the decoder itself crashed on the image (not a kill from outside). */
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGBUS', 'SIGABRT', 'SIGILL', 'SIGFPE']);
const CHRT = ['/usr/bin/chrt', '/bin/chrt'];
const DEFAULT_IDLE_EXIT_MS = 60_000;

class ProcessGone extends Error {
  constructor(readonly signal: NodeJS.Signals | null) {
    super(`image process ended${signal ? ` by ${signal}` : ''}`);
  }
}

interface Waiting {
  child: ChildProcess;
  resolve: (image: ProcessedImage) => void;
  reject: (error: Error) => void;
}

/** uploads/image-worker.js beside this module once built; its source through tsx in development and tests. */
function defaultScript(): { script: string; nodeArgs: string[]; cwd?: string } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    return { script: join(dirname(here), 'image-worker.ts'), nodeArgs: ['--import', 'tsx'], cwd: join(dirname(here), '..', '..') };
  }
  return { script: join(dirname(here), 'image-worker.js'), nodeArgs: [] };
}

/**
 * Decoding and encoding uploaded images happen in a child process of their own
 * (docs/decisions/036-image-process.md): libvips' threads, their memory and their CPU stay out of the
 * process answering everyone else, and the kernel ranks that child below the server. Started on the
 * first image, it exits after `idleExitMs` without one. How many images it gets at once is the caller's
 * business (uploads/queue.ts).
 *
 * If the process dies while it holds an image, the image is tried once more on a new process: a kill
 * from outside costs nothing. Dying twice on the same image by a crash signal means the decoder cannot
 * read it (415); any other second end is the server's fault.
 */
export class ImageProcess {
  private child: ChildProcess | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: ImageProcessOptions) {}

  /** The running image process's pid, if one is running. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async process(input: Buffer | string, options: ProcessOptions = {}): Promise<ProcessedImage> {
    try {
      return await this.once(input, options);
    } catch (error) {
      if (!(error instanceof ProcessGone)) throw error;
    }
    try {
      return await this.once(input, options);
    } catch (error) {
      if (error instanceof ProcessGone && error.signal && CRASH_SIGNALS.has(error.signal)) throw unsupportedMedia(MSG.invalidImage);
      throw error;
    }
  }

  /** Stops the image process (images in flight fail). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(force);
  }

  private once(input: Buffer | string, options: ProcessOptions): Promise<ProcessedImage> {
    if (this.closed) return Promise.reject(new Error('image process closed'));
    const child = this.start();
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    const answered = new Promise<ProcessedImage>((resolve, reject) => {
      this.waiting.set(id, { child, resolve, reject });
      // While an image is out, the channel keeps the server's event loop alive; otherwise it does not.
      child.channel?.ref();
      child.send({ id, input, options } satisfies ImageRequest, (error) => {
        if (error) this.settle(id, (w) => w.reject(new ProcessGone(null)));
      });
    });
    return answered.finally(() => this.quiet());
  }

  private settle(id: number, how: (w: Waiting) => void): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    how(w);
  }

  /** With nothing out: let the channel go, and the process after `idleExitMs`. */
  private quiet(): void {
    if (this.waiting.size > 0) return;
    this.child?.channel?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.waiting.size === 0 && this.child?.connected) this.child.disconnect();
    }, this.options.idleExitMs ?? DEFAULT_IDLE_EXIT_MS);
    this.idleTimer.unref();
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    const { script, nodeArgs, cwd } = this.options.script ? { script: this.options.script, nodeArgs: [], cwd: undefined } : defaultScript();
    const node = [...nodeArgs, script];
    const chrt = process.platform === 'linux' && this.options.priority === 'idle' ? CHRT.find((path) => existsSync(path)) : undefined;
    const lowered = this.options.priority !== 'normal' && !chrt;
    const child = spawn(chrt ?? process.execPath, chrt ? ['--idle', '0', process.execPath, ...node] : node, {
      cwd,
      env: { ...process.env, SENDERO_IMAGE_NICE: lowered ? '19' : '0' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    child.on('message', (response: ImageResponse) => {
      this.settle(response.id, (w) => {
        if ('image' in response) w.resolve(revive(response.image));
        else if ('refused' in response) w.reject(new AppError(response.refused.status, response.refused.code, response.refused.message));
        else w.reject(new Error(`image process: ${response.fault}`));
      });
    });
    const gone = (signal: NodeJS.Signals | null) => {
      if (this.child === child) this.child = null;
      for (const [id, w] of this.waiting) if (w.child === child) this.settle(id, (x) => x.reject(new ProcessGone(signal)));
    };
    child.on('exit', (_code, signal) => gone(signal));
    child.on('error', () => gone(null));
    // Neither the process nor its channel keeps the server running (the channel does while an image is out).
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }
}

/** Buffers cross the channel as Uint8Arrays. */
function revive(image: ProcessedImage): ProcessedImage {
  return { ...image, files: image.files.map((file) => ({ ...file, data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength) })) };
}
