import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@sendero/contract';
import { ImageProcess } from '@/uploads/image-process.js';
import { ImageQueue } from '@/uploads/queue.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { noisePhoto, pngImage, upload } from './helpers/upload-fixtures.js';

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

describe('images decoded and encoded in a process of their own, below the server (Linux)', () => {
  const t = useTestApp();
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

describe('UPLOAD_PRIORITY=low', () => {
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
