import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@sendero/contract';
import { ImageQueue } from '@/uploads/queue.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { upload } from './helpers/upload-fixtures.js';

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
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    photo = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
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
