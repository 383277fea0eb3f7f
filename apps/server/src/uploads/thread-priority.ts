import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * libvips names the threads it decodes and encodes on "libvips worker" (glib's thread name); nothing
 * else in the process is called that. The event loop's thread, V8's and libuv's are named after the
 * process ("node") and are never touched.
 */
const IMAGE_THREAD = /^libvips/;

/**
 * The CPU priority of the threads that process images (docs/architecture.md#uploads). On Linux a
 * nice value belongs to one thread, so raising it on libvips' threads leaves the event loop at the
 * priority it had: when both want a core, the thread answering everyone else's requests wins at once,
 * and with a core free the image threads still run at full speed.
 *
 * libvips creates its threads when it needs them, from the thread that calls it (a libuv worker, at
 * the process's priority), so they are looked for before an image, every `intervalMs` while one is
 * being processed, and after it. A scan reads /proc/self/task, and only the names of threads it has
 * not seen. Elsewhere than Linux (no per-thread nice) it does nothing.
 */
export class ImageThreadPriority {
  /** tid -> whether it is an image thread (already given `nice`). */
  private readonly seen = new Map<number, boolean>();
  private running = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly nice: number,
    private readonly intervalMs = 100,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  /** Gives every image thread not seen before the `nice` priority; returns how many it changed. */
  lower(): number {
    if (this.nice <= 0 || this.platform !== 'linux') return 0;
    let tids: number[];
    try {
      tids = readdirSync('/proc/self/task').map(Number);
    } catch {
      return 0;
    }
    const alive = new Set(tids);
    for (const tid of this.seen.keys()) if (!alive.has(tid)) this.seen.delete(tid);
    let changed = 0;
    for (const tid of tids) {
      // The process's main thread has the process's id: never lowered, whatever it is called.
      if (tid === process.pid || this.seen.has(tid)) continue;
      let image: boolean;
      try {
        image = IMAGE_THREAD.test(readFileSync(`/proc/self/task/${tid}/comm`, 'utf8'));
        if (image && getPriority(tid) < this.nice) {
          setPriority(tid, this.nice);
          changed++;
        }
      } catch {
        // The thread ended meanwhile, or the system refused: it is looked at again next time.
        continue;
      }
      this.seen.set(tid, image);
    }
    return changed;
  }

  /** Runs `task` with the image threads lowered before, during and after it. */
  async around<T>(task: () => Promise<T>): Promise<T> {
    this.lower();
    if (this.running++ === 0 && this.nice > 0 && this.platform === 'linux') {
      this.timer = setInterval(() => this.lower(), this.intervalMs);
      this.timer.unref();
    }
    try {
      return await task();
    } finally {
      if (--this.running === 0) clearInterval(this.timer);
      this.lower();
    }
  }
}
