import { eq } from 'drizzle-orm';
import { MSG } from '@sendero/contract';
import { uploads } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { badRequest } from '@/errors.js';

/** "An upload of this server" (DESIGN.md §4): a row in `uploads` with exactly that URL. */
export async function isOwnUpload(db: Db | Tx, url: string): Promise<boolean> {
  if (url === '') return false;
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.url, url)).limit(1);
  return row !== undefined;
}

/** 400 with MSG.uploadNotOurs on `field` unless every URL is an upload of this server. */
export async function assertOwnUploads(db: Db | Tx, urls: readonly string[], field: string): Promise<void> {
  for (const url of new Set(urls)) {
    if (!(await isOwnUpload(db, url))) throw badRequest(MSG.uploadNotOurs, { [field]: MSG.uploadNotOurs });
  }
}
