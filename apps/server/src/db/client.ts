import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '@/config.js';
import { migratePglite, migratePostgres } from './migrate.js';
import * as schema from './schema.js';
import type { Db } from './types.js';
import { trackWrites } from './write-generation.js';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations (idempotent; serialized across processes on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What every PGlite of ours loads: pg_trgm, for the search indexes (drizzle/0008_search_indexes.sql)
 * and the word table of suggestions, with fuzzystrmatch's edit distance (drizzle/0009_place_words.sql).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, fuzzystrmatch };

/** PostgreSQL through `pg` when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/db. */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'pgliteReadCache'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dataDir = join(config.dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  await createPgliteDataDir(dataDir);
  return wrapPglite(new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS, startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS] }), {
    readCache: config.pgliteReadCache,
  });
}

/**
 * The embedded database's own memory, sized for one small server (docs/decisions/030-pglite-memory.md):
 * its buffer cache lives in the WebAssembly heap, which grows and never shrinks, and a catalogue of a
 * few thousand places is a few MB of tables. 16 MB of shared buffers keeps the heap at its 128 MB
 * minimum (128 MB of buffers took it to 189 MB); sorts and hashes get 2 MB before spilling to disk.
 */
export const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB', '-c', 'temp_buffers=2MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * On the first run the embedded database is created (initdb) in a short-lived child process, so this
 * process never holds what creating it takes: PGlite runs initdb in a second WebAssembly instance and
 * a temporary in-memory database, several hundred MB that stay resident after they are freed
 * (docs/decisions/030-pglite-memory.md). Later starts find PG_VERSION and open the directory at once.
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const code = `const m = await import(${JSON.stringify(moduleUrl)});
    const db = new (m.PGlite ?? m.default.PGlite)({ dataDir: ${JSON.stringify(dataDir)} });
    await db.waitReady;
    await db.close();`;
  await new Promise<void>((ok, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`creating the embedded database in ${dataDir} failed (exit ${code}): ${stderr}`))));
  });
}

/**
 * Wraps an already created PGlite instance (tests open in-memory copies of a migrated template).
 * `readCache` (PGLITE_READ_CACHE, default on): count every write, so that reads can be kept until the
 * next one (db/read-cache.ts); off, no statement is intercepted and every read reaches the database.
 */
export async function wrapPglite(client: PGlite, options: { readCache?: boolean } = {}): Promise<Database> {
  await client.waitReady;
  if (options.readCache ?? true) trackWrites(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(client);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // A database that does not answer fails a request after 5 s (503) instead of holding it forever.
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await migratePostgres(pool);
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
