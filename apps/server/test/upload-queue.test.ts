import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@sendero/contract';
import { ImageQueue } from '@/uploads/queue.js';
import { ImageThreadPriority } from '@/uploads/thread-priority.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { noisePhoto, upload } from './helpers/upload-fixtures.js';

describe('ImageQueue', () => {
  it('runs at most `concurrency` tasks at once, queues `waiting` more in order, refuses the rest with 503', async () => {
    const queue = new ImageQueue(2, 2, 7);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const task = (n: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(n);
      await new Promise<void>((done) => releases.push(done));
      running--;
      return n;
    };
    const accepted = [1, 2, 3, 4].map((n) => queue.run(task(n)));
    await expect(queue.run(task(5))).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: 7 });
    expect([queue.active, queue.pending]).toEqual([2, 2]);
    while (order.length < 4 || releases.length) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect([queue.active, queue.pending]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new ImageQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('POST /api/upload under load', () => {
  // One image at a time, one more waiting: a third upload sent meanwhile is refused, not piled up.
  const t = useTestApp({ env: { UPLOAD_CONCURRENCY: '1', UPLOAD_QUEUE: '1' } });
  let user: TestUser;
  let photo: Buffer;
  beforeAll(async () => {
    user = await t.createUser();
    // Noise does not compress: decoding and encoding it takes long enough for the three to overlap.
    photo = await noisePhoto(1600, 1200);
  });

  it('answers 503 with Retry-After and the Spanish message when the image queue is full; the accepted ones succeed', async () => {
    const results = await Promise.all([1, 2, 3].map(() => upload(t, user.token, photo)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 503]);
    const refused = results.find((r) => r.status === 503)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } });
    // The queue is free again afterwards.
    expect((await upload(t, user.token, photo)).status).toBe(201);
  });
});

/** Every thread of this process: its name and nice value (Linux). */
function threadsOfThisProcess(): Array<{ tid: number; name: string; nice: number }> {
  return readdirSync('/proc/self/task').flatMap((t) => {
    const tid = Number(t);
    try {
      return [{ tid, name: readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim(), nice: getPriority(tid) }];
    } catch {
      return []; // ended meanwhile
    }
  });
}

describe('image threads at a lower CPU priority than the event loop (Linux)', () => {
  const t = useTestApp({ env: { UPLOAD_NICE: '19' } });
  let user: TestUser;
  let photo: Buffer;
  beforeAll(async () => {
    user = await t.createUser();
    photo = await noisePhoto(2400, 1800);
  });

  it("gives libvips threads nice 19 while an image is processed, and leaves every other thread (the event loop first) at the process's", async () => {
    expect(process.platform).toBe('linux');
    // The process's own priority: 0 normally, more if the tests themselves were started with `nice`.
    const base = getPriority(process.pid);
    // Sampled while the uploads run: a libvips thread created for this image is lowered within ~100 ms.
    const seen = new Map<number, { name: string; nice: number }>();
    const sample = setInterval(() => {
      for (const th of threadsOfThisProcess()) seen.set(th.tid, th);
    }, 20);
    const results = await Promise.all([upload(t, user.token, photo), upload(t, user.token, photo)]);
    clearInterval(sample);
    expect(results.map((r) => r.status)).toEqual([201, 201]);

    const after = threadsOfThisProcess();
    const image = after.filter((th) => th.name.startsWith('libvips'));
    const others = after.filter((th) => !th.name.startsWith('libvips'));
    expect(image.length).toBeGreaterThan(0);
    expect(image.map((th) => th.nice)).toEqual(image.map(() => 19));
    expect(others.find((th) => th.tid === process.pid)?.nice).toBe(base);
    expect(others.filter((th) => th.nice !== base)).toEqual([]);
    // Nothing but a libvips thread was ever lowered during the uploads either.
    expect([...seen.values()].filter((th) => th.nice !== base && !th.name.startsWith('libvips'))).toEqual([]);
  });

  it('does nothing elsewhere than Linux, or with UPLOAD_NICE=0', () => {
    expect(new ImageThreadPriority(19, 100, 'darwin').lower()).toBe(0);
    expect(new ImageThreadPriority(0).lower()).toBe(0);
  });
});
