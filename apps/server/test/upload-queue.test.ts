import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@sendero/contract';
import { ImageProcess } from '@/uploads/image-process.js';
import { ImageQueue, type ImageQueueOptions } from '@/uploads/queue.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { noisePhoto, pngImage, upload } from './helpers/upload-fixtures.js';

const options = (o: Partial<ImageQueueOptions> = {}): ImageQueueOptions => ({
  concurrency: 1,
  maxWaitSeconds: 60,
  maxPending: 256,
  spoolBytes: 1024 * 1024 * 1024,
  minFreeBytes: 0,
  ...o,
});

describe('ImageQueue', () => {
  it('runs at most `concurrency` tasks at once and every other one in order of arrival, refusing none once admitted', async () => {
    const queue = new ImageQueue(options({ concurrency: 2 }));
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
    const accepted = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => queue.run(task(n)));
    expect([queue.active, queue.pending]).toEqual([2, 6]);
    while (order.length < 8 || releases.length) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(peak).toBe(2);
    expect([queue.active, queue.pending]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new ImageQueue(options());
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('admits while the expected seconds of the work ahead stay within the bound, then 503 with the seconds until they do', async () => {
    // Two seconds an image at first, one image at a time, at most ten seconds of waiting.
    const queue = new ImageQueue(options({ maxWaitSeconds: 10, initialSecondsPerImage: 2 }));
    const tickets = [];
    for (let i = 0; i < 6; i++) tickets.push(await queue.admit(1000)); // 0, 2, ... 10 s ahead of each
    expect(queue.expectedWaitSeconds).toBe(12);
    // 12 s ahead: back in 12 - 10 + 2 = 4 s, when two images are done.
    await expect(queue.admit(1000)).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: 4 });
    tickets[0]!.release();
    tickets[0]!.release(); // twice is once
    expect(queue.inFlight).toBe(5);
    tickets.push(await queue.admit(1000));
    // The estimate follows what images measure: quick images let more in.
    for (let i = 0; i < 20; i++) await queue.run(() => Promise.resolve());
    expect(queue.secondsPerImage).toBeLessThan(0.05);
    for (let i = 0; i < 50; i++) tickets.push(await queue.admit(1000));
    for (const t of tickets) t.release();
    expect(queue.inFlight).toBe(0);
  });

  it('refuses with 503 and Retry-After past its ceilings: uploads in flight, bytes on disk, free space', async () => {
    const few = new ImageQueue(options({ maxPending: 2 }));
    await few.admit(1);
    await few.admit(1);
    const refusal = await few.admit(1).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ status: 503 });
    expect((refusal as { retryAfter: number }).retryAfter).toBeGreaterThanOrEqual(1);

    const spool = new ImageQueue(options({ spoolBytes: 25 }));
    const first = await spool.admit(10);
    await spool.admit(10);
    await expect(spool.admit(10)).rejects.toMatchObject({ status: 503 });
    first.release();
    await spool.admit(10);

    let free = 100;
    const disk = new ImageQueue(options({ minFreeBytes: 50, freeBytes: () => Promise.resolve(free) }));
    await disk.admit(30); // 100 - 30 >= 50
    await expect(disk.admit(30)).rejects.toMatchObject({ status: 503 }); // 100 - 30 - 30 < 50
    free = 1000;
    await disk.admit(30);
  });
});

// Real photos of noise through the image process, at the worker's priority here and at nice 19 below:
// on a machine whose cores are busy (CI's other files beside the journeys, one core kept busy by
// another process) one such image took over 30 s, so these two blocks allow two minutes.
describe('POST /api/upload beyond the bound', { timeout: 120_000 }, () => {
  // No waiting at all: while one upload is in flight, the others of a burst are refused before their body is read.
  const t = useTestApp({ env: { UPLOAD_CONCURRENCY: '1', UPLOAD_MAX_WAIT_SECONDS: '0' } });
  let user: TestUser;
  let photo: Buffer;
  beforeAll(async () => {
    user = await t.createUser();
    // Noise does not compress: decoding and encoding it takes long enough for the burst to overlap.
    photo = await noisePhoto(1600, 1200);
  });

  it('answers 503 with Retry-After and the Spanish message, never a 500; the admitted ones succeed and leave no file', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => upload(t, user.token, photo)));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    expect(statuses).toContain(201);
    expect(statuses).toContain(503);
    for (const refused of results.filter((r) => r.status === 503)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } });
    }
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith(`sendero-upload-${process.pid}-`))).toEqual([]);
    // The queue is free again afterwards.
    expect((await upload(t, user.token, photo)).status).toBe(201);
  });
});

describe('POST /api/upload with no room on the disk', () => {
  // More free space asked for than any disk has: the disk is "full" for the upload route.
  const t = useTestApp({ env: { UPLOAD_MIN_FREE_MB: String(1024 * 1024 * 1024) } });

  it('answers 503 with Retry-After before storing anything, and the rest of the site answers', async () => {
    const user = await t.createUser();
    const res = await upload(t, user.token, await pngImage());
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } });
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith(`sendero-upload-${process.pid}-`))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

/** Fields of a /proc `stat` file, numbered as in proc(5) (1 is the pid; the name may hold spaces). */
function statFields(path: string): (field: number) => number {
  const stat = readFileSync(path, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // field 3 onwards
  return (field) => Number(rest[field - 3]);
}

/** Every thread of a process (Linux): its name, scheduling policy (0 normal, 5 idle) and nice value. */
function threadsOf(pid: number | 'self'): Array<{ tid: number; name: string; policy: number; nice: number }> {
  return readdirSync(`/proc/${pid}/task`).flatMap((t) => {
    try {
      const field = statFields(`/proc/${pid}/task/${t}/stat`);
      return [{ tid: Number(t), name: readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim(), nice: field(19), policy: field(41) }];
    } catch {
      return []; // ended meanwhile
    }
  });
}

/** This process's child running the image worker, if any. */
function imageProcessPid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (statFields(`/proc/${entry}/stat`)(4) === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('image-worker')) return Number(entry);
    } catch {
      // ended meanwhile
    }
  }
  return undefined;
}

/** Samples every thread of the image process every 20 ms while `work` runs. */
async function threadsDuring<T>(work: Promise<T>): Promise<{ result: T; seen: Map<number, { name: string; policy: number; nice: number }> }> {
  const seen = new Map<number, { name: string; policy: number; nice: number }>();
  const sample = setInterval(() => {
    const pid = imageProcessPid();
    if (pid) for (const th of threadsOf(pid)) seen.set(th.tid, th);
  }, 20);
  try {
    return { result: await work, seen };
  } finally {
    clearInterval(sample);
  }
}

// The idle scheduling class gets a core only when nothing else wants it: while the other test files
// (and CI's lint and typecheck, in the same class) run, these images wait, hence the minutes.
describe('images decoded and encoded in a process of their own, below the server (Linux)', { timeout: 180_000 }, () => {
  const t = useTestApp({ env: { UPLOAD_PRIORITY: 'idle' } });
  let user: TestUser;
  let photo: Buffer;
  beforeAll(async () => {
    user = await t.createUser();
    photo = await noisePhoto(2400, 1800);
  });

  it("runs every thread of the image process, libvips' included, in the idle scheduling class, and none of the server's", async () => {
    expect(process.platform).toBe('linux');
    const { result, seen } = await threadsDuring(Promise.all([upload(t, user.token, photo), upload(t, user.token, photo)]));
    expect(result.map((r) => r.status)).toEqual([201, 201]);
    const threads = [...seen.values()];
    expect(threads.filter((th) => th.name.startsWith('libvips')).length).toBeGreaterThan(0);
    expect(threads.filter((th) => th.policy !== 5)).toEqual([]);
    // The server (this process) keeps the normal class on every thread.
    expect(threadsOf('self').filter((th) => th.policy !== 0)).toEqual([]);
  });
});

describe('UPLOAD_PRIORITY=low', { timeout: 120_000 }, () => {
  const t = useTestApp({ env: { UPLOAD_PRIORITY: 'low' } });

  it('gives every thread of the image process nice 19 and leaves the server at its own', async () => {
    const user = await t.createUser();
    const base = getPriority(process.pid);
    const { result, seen } = await threadsDuring(upload(t, user.token, await noisePhoto(1600, 1200)));
    expect(result.status).toBe(201);
    const threads = [...seen.values()];
    expect(threads.filter((th) => th.name.startsWith('libvips')).length).toBeGreaterThan(0);
    expect(threads.filter((th) => th.nice !== 19 || th.policy !== 0)).toEqual([]);
    expect(threadsOf('self').filter((th) => th.nice !== base)).toEqual([]);
  });
});

describe('ImageProcess', () => {
  const scripts = mkdtempSync(join(tmpdir(), 'sendero-image-scripts-'));
  afterAll(() => rmSync(scripts, { recursive: true, force: true }));
  /** A stand-in worker that ends itself as `how` says on every image. */
  const misbehaving = (how: string) => {
    const path = join(scripts, `${randomUUID()}.mjs`);
    writeFileSync(path, `process.on('message', () => { ${how} });`);
    return path;
  };

  it('tries an image again on a new process when the first is killed meanwhile', async () => {
    const images = new ImageProcess({ priority: 'normal' });
    try {
      const photo = await noisePhoto(2400, 1800);
      const answer = images.process(photo);
      const first = images.pid!;
      await new Promise((r) => setTimeout(r, 150));
      process.kill(first, 'SIGKILL');
      const image = await answer;
      expect(image.width).toBe(1600);
      expect(image.files.map((f) => f.data.subarray(8, 12).toString('latin1'))).toEqual(['WEBP', 'WEBP', 'WEBP']);
      expect(images.pid).toBeGreaterThan(0);
      expect(images.pid).not.toBe(first);
    } finally {
      await images.close();
    }
  });

  it('answers 415 for an image that crashes the decoder twice, and the server fault for any other end', async () => {
    const crashing = new ImageProcess({ priority: 'normal', script: misbehaving("process.kill(process.pid, 'SIGSEGV');") });
    const exiting = new ImageProcess({ priority: 'normal', script: misbehaving('process.exit(3);') });
    try {
      await expect(crashing.process(Buffer.from('x'))).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.invalidImage });
      const fault = await exiting.process(Buffer.from('x')).then(
        () => null,
        (error: unknown) => error,
      );
      expect(fault).toBeInstanceOf(Error);
      expect(fault).not.toHaveProperty('status');
    } finally {
      await Promise.all([crashing.close(), exiting.close()]);
    }
  });

  it('lets its process go after idleExitMs without an image, and starts a new one for the next', async () => {
    const images = new ImageProcess({ priority: 'normal', idleExitMs: 200 });
    try {
      const png = await pngImage();
      await images.process(png);
      const first = images.pid!;
      expect(existsSync(`/proc/${first}`)).toBe(true);
      await vi.waitFor(() => expect(images.pid).toBeUndefined(), { timeout: 5000, interval: 50 });
      await vi.waitFor(() => expect(existsSync(`/proc/${first}`)).toBe(false), { timeout: 5000, interval: 50 });
      expect((await images.process(png)).width).toBe(64);
      expect(images.pid).not.toBe(first);
    } finally {
      await images.close();
    }
  });
});
