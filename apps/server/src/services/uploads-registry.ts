import { eq } from 'drizzle-orm';
import { uploads } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';

/** "An upload of this server" (DESIGN.md §4): a row in `uploads` with exactly that URL. */
export async function isOwnUpload(db: Db | Tx, url: string): Promise<boolean> {
  if (url === '') return false;
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.url, url)).limit(1);
  return row !== undefined;
}
