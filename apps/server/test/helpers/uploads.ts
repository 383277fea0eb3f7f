import { randomBytes } from 'node:crypto';
import { uploads } from '@/db/schema.js';
import type { Db } from '@/db/types.js';

/**
 * Records an upload row, as POST /api/upload does after storing the files, and returns its URL.
 * For tests that need "an upload of this server" without running the image pipeline.
 */
export async function registerUpload(db: Db, userId: string, preset: 'place' | 'rating' | 'user' = 'user'): Promise<string> {
  const key = randomBytes(32).toString('hex');
  const url = `/uploads/${key}.webp`;
  await db.insert(uploads).values({ idUser: userId, preset, key, url, width: 400, height: 400, bytes: 1234 });
  return url;
}
