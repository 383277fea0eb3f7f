import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPostgres, PGLITE_EXTENSIONS, wrapPglite, type Database } from '@/db/client.js';
import { createScratchDatabase } from './scratch-database.js';

export type TestDbKind = 'pglite' | 'postgres';

/** 'postgres' in the server-pg vitest project (root vitest.config.ts, only when TEST_DATABASE_URL is set). */
export function testDbKind(): TestDbKind {
  return process.env.SENDERO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

let templateBlob: Blob | undefined;

/** A fresh, migrated database of its own: a PGlite copy of the template, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind() === 'postgres') return openTestPostgres();
  return openTestPglite();
}

/**
 * A fresh, migrated embedded database in both projects (for what only PGlite does). Its read cache
 * follows PGLITE_READ_CACHE like the server's (the server-no-read-cache project, root vitest.config.ts,
 * sets it off) unless `readCache` says otherwise.
 */
export async function openTestPglite(options: { readCache?: boolean } = {}): Promise<Database> {
  templateBlob ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  const readCache = options.readCache ?? process.env.PGLITE_READ_CACHE !== 'off';
  return wrapPglite(new PGlite({ loadDataDir: templateBlob, extensions: PGLITE_EXTENSIONS }), { readCache });
}

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server; drop() removes it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('SENDERO_TEST_DB=postgres needs TEST_DATABASE_URL');
  return createScratchDatabase(serverUrl, `sendero_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`);
}

async function openTestPostgres(): Promise<Database> {
  const empty = await createEmptyPostgresDatabase();
  const database = await openPostgres(empty.url, 5);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}
