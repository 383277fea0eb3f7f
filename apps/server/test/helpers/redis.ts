import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';

/** The Redis the tests count into (TEST_REDIS_URL, default redis://127.0.0.1:6379; CI starts one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of this run only (REDIS_KEY_PREFIX), so runs side by side never count into each other. */
export function testRedisPrefix(): string {
  return `sendero-test:${Date.now().toString(36)}${randomBytes(3).toString('hex')}:`;
}

/** Removes the keys under `prefix` (a run's own, for an afterAll). */
export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * A TCP proxy on a free local port in front of the Redis at `target` that delays every reply by
 * `delayMs` (a slow Redis: a loaded host, a far network). Requests pass at once; replies keep their order.
 */
export async function startSlowRedisProxy(target: string, delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port || 6379), hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      setTimeout(() => {
        if (!client.destroyed) client.write(chunk);
      }, delayMs);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', () => setTimeout(end, delayMs)).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${own}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
