import { eq } from 'drizzle-orm';
import { storedFiles } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { assertStorageKey, type Storage } from './storage.js';

/**
 * Uploaded files as rows of `stored_files` (STORAGE=database, docs/decisions/002-uploads-in-postgresql-or-local-files.md).
 * Keys are content hashes, so a second put of a key writes the same bytes: it replaces the row in one
 * statement, and parallel puts of one key never fail.
 */
export function createDatabaseStorage(db: Db): Storage {
  return {
    async put(key, data, contentType) {
      assertStorageKey(key);
      await db
        .insert(storedFiles)
        .values({ key, contentType, data })
        .onConflictDoUpdate({ target: storedFiles.key, set: { contentType, data } });
    },
    async get(key) {
      assertStorageKey(key);
      const [row] = await db.select({ data: storedFiles.data }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
      return row ? row.data : null;
    },
    async delete(key) {
      assertStorageKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
