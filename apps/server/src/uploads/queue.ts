import { serviceUnavailable } from '@/errors.js';

/** What an admitted upload holds until it is answered: its share of the queue and of the spool on disk. */
export interface UploadTicket {
  /** Bytes reserved for its body on disk (its Content-Length, or the largest body allowed). */
  readonly bytes: number;
  /** Gives back its place and its bytes; safe to call more than once. */
  release(): void;
}

export interface ImageQueueOptions {
  /** Images out to the image process at once (UPLOAD_CONCURRENCY). */
  concurrency: number;
  /** An upload is admitted while the expected wait of the work ahead of it is at most this (UPLOAD_MAX_WAIT_SECONDS). */
  maxWaitSeconds: number;
  /** Uploads admitted and not yet answered, at most (UPLOAD_MAX_PENDING): the memory ceiling. */
  maxPending: number;
  /** Bytes of upload bodies on disk at once, at most (UPLOAD_SPOOL_MB): the disk ceiling. */
  spoolBytes: number;
  /** Free bytes the spool's filesystem must keep after a body's reservation (UPLOAD_MIN_FREE_MB). */
  minFreeBytes: number;
  /** Free bytes of the spool's filesystem now (statfs); absent: not checked. */
  freeBytes?: () => Promise<number>;
  /** The first estimate of one image's seconds, before any was measured. */
  initialSecondsPerImage?: number;
}

/** How much a newly measured image moves the estimate (an exponential moving average). */
const WEIGHT_OF_LAST = 0.3;
/** Retry-After is never more than this: the client asks again within two minutes at the latest. */
const MAX_RETRY_AFTER_SECONDS = 120;

/**
 * Image processing is the one CPU-heavy thing the server does, so it runs `concurrency` images at a time
 * (in the image process, docs/decisions/036-image-process.md) while every other upload waits its turn, in
 * order, with its body on disk (docs/decisions/039-uploads-admitted-by-expected-wait.md).
 *
 * An upload is admitted before its body is read, and then never refused for the queue: admission asks
 * whether the work ahead of it (every upload admitted and not yet answered, each counted at the measured
 * seconds of a recent image) would keep it waiting longer than `maxWaitSeconds`, and whether the disk and
 * memory ceilings leave room. A refusal is 503 with a Retry-After that says when the queue will have
 * drained enough.
 */
export class ImageQueue {
  private running = 0;
  private admitted = 0;
  private reservedBytes = 0;
  private secondsPerImageEstimate: number;
  private readonly queue: Array<() => void> = [];

  constructor(readonly options: ImageQueueOptions) {
    this.secondsPerImageEstimate = options.initialSecondsPerImage ?? 1;
  }

  get active(): number {
    return this.running;
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Uploads admitted and not yet answered (receiving their body, waiting or processed). */
  get inFlight(): number {
    return this.admitted;
  }

  get secondsPerImage(): number {
    return this.secondsPerImageEstimate;
  }

  /** Seconds a newly admitted upload would wait for the work ahead of it. */
  get expectedWaitSeconds(): number {
    return (this.admitted * this.secondsPerImageEstimate) / this.options.concurrency;
  }

  private refuse(retryAfterSeconds: number): never {
    throw serviceUnavailable(Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(retryAfterSeconds))));
  }

  /**
   * Admits an upload whose body may take up to `declaredBytes` on disk, or throws 503 with Retry-After:
   * the expected wait is over the bound, too many are in flight, or the disk has no room for the body.
   */
  async admit(declaredBytes: number): Promise<UploadTicket> {
    const o = this.options;
    // Asked first: every check below and the admission itself then happen in one turn of the event loop.
    const free = o.freeBytes ? await o.freeBytes().catch(() => Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
    const perImage = this.secondsPerImageEstimate / o.concurrency;
    const wait = this.expectedWaitSeconds;
    // When the work ahead has drained to the bound, an upload sent then is admitted.
    if (wait > o.maxWaitSeconds) this.refuse(wait - o.maxWaitSeconds + perImage);
    // The ceilings: a few images' time is what frees a place or bytes on disk.
    const drain = Math.max(perImage, Math.min(wait, o.maxWaitSeconds) / 2);
    if (this.admitted >= o.maxPending) this.refuse(drain);
    if (this.reservedBytes + declaredBytes > o.spoolBytes) this.refuse(drain);
    // Bodies admitted but not yet written will take their share of the free space too.
    if (free - this.reservedBytes - declaredBytes < o.minFreeBytes) this.refuse(drain);
    this.admitted++;
    this.reservedBytes += declaredBytes;
    let released = false;
    return {
      bytes: declaredBytes,
      release: () => {
        if (released) return;
        released = true;
        this.admitted--;
        this.reservedBytes -= declaredBytes;
      },
    };
  }

  /** Runs `task` when a slot is free, in order of arrival; its duration feeds the estimate. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      await new Promise<void>((resume) => this.queue.push(resume));
    } else {
      this.running++;
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      this.secondsPerImageEstimate = this.secondsPerImageEstimate * (1 - WEIGHT_OF_LAST) + seconds * WEIGHT_OF_LAST;
      const next = this.queue.shift();
      // The slot passes straight to the next waiter (running stays the same), else it is freed.
      if (next) next();
      else this.running--;
    }
  }
}
