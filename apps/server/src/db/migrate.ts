import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePgDb } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/**
 * The drizzle-kit SQL migrations: `apps/server/drizzle` from the sources (src/db/migrate.ts), or
 * `dist/drizzle` next to the bundled server (build.mjs copies them there).
 */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'drizzle'), join(here, '..', '..', 'drizzle'), join(here, '..', 'drizzle')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function migratePglite(client: PGlite): Promise<void> {
  await migratePgliteDb(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
}

/** Several server processes may start at once: an advisory lock lets one migrate at a time. */
const MIGRATION_LOCK = 7_286_331;

export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePgDb(drizzlePg({ client }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
