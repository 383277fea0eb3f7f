import sharp from 'sharp';
import { serviceUnavailable } from '@/errors.js';
import type { ImageThreadPriority } from './thread-priority.js';

/**
 * Image processing is the one CPU-heavy thing the server does: a bounded queue keeps it from taking
 * every core while other people browse (docs/architecture.md#uploads). At most `concurrency` images are
 * decoded and encoded at once in this process, at most `waiting` more wait their turn, and beyond that
 * the upload is refused at once with 503 and Retry-After instead of piling up memory and latency.
 * With `threads`, every task runs with the image threads at a lower CPU priority than the event loop.
 */
export class ImageQueue {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly waiting: number,
    readonly retryAfterSeconds = 5,
    private readonly threads?: ImageThreadPriority,
  ) {}

  get active(): number {
    return this.running;
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Runs `task` when a slot is free; throws 503 (Retry-After) when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.waiting) throw serviceUnavailable(this.retryAfterSeconds);
      await new Promise<void>((resume) => this.queue.push(resume));
    } else {
      this.running++;
    }
    try {
      return await (this.threads ? this.threads.around(task) : task());
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next waiter (running stays the same), else it is freed.
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * libvips threads per image: with images processed one or two at a time, one thread each leaves the
 * other core to the requests being answered meanwhile (sharp's default is one thread per core).
 * libvips' operation cache is off: every image is processed once, and the cache would keep up to
 * 50 MB of pixels and 20 uploaded bodies' files open after they are removed.
 */
export function limitSharpThreads(threads: number): void {
  sharp.concurrency(threads);
  sharp.cache(false);
}
