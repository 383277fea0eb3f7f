import { randomBytes } from 'node:crypto';
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
