import { and, eq } from 'drizzle-orm';
import { MSG } from '@sendero/contract';
import { uploads } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { badRequest } from '@/errors.js';

/** "An upload of this server" (docs/product.md#images): a row in `uploads` with exactly that URL. */
export async function isOwnUpload(db: Db | Tx, url: string): Promise<boolean> {
  if (url === '') return false;
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.url, url)).limit(1);
  return row !== undefined;
}

/** An upload of this server made by `userId` (the same image uploaded by someone else does not count). */
export async function isUploadOf(db: Db | Tx, url: string, userId: string): Promise<boolean> {
  if (url === '') return false;
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.idUser, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * 400 with MSG.uploadNotOurs on `field` unless every URL is an upload of this server made by `userId`,
 * or one of `kept` (what the record already shows: editing a place keeps its photos whoever uploaded them).
 */
export async function assertOwnUploads(
  db: Db | Tx,
  urls: readonly string[],
  field: string,
  userId: string,
  kept: readonly string[] = [],
): Promise<void> {
  for (const url of new Set(urls)) {
    if (kept.includes(url)) continue;
    if (!(await isUploadOf(db, url, userId))) throw badRequest(MSG.uploadNotOurs, { [field]: MSG.uploadNotOurs });
  }
}
