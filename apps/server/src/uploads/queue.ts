import { serviceUnavailable } from '@/errors.js';

/**
 * Image processing is the one CPU-heavy thing the server does: a bounded queue keeps it from taking
 * every core while other people browse (docs/architecture.md#uploads). At most `concurrency` images of
 * this process are out at once (to its image process, docs/decisions/036-image-process.md), at most
 * `waiting` more wait their turn, and beyond that the upload is refused at once with 503 and
 * Retry-After instead of piling up memory and latency.
 */
export class ImageQueue {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly waiting: number,
    readonly retryAfterSeconds = 5,
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
      return await task();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next waiter (running stays the same), else it is freed.
      if (next) next();
      else this.running--;
    }
  }
}
