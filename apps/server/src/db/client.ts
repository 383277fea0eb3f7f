import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '@/config.js';
import { migratePglite, migratePostgres } from './migrate.js';
import * as schema from './schema.js';
import type { Db } from './types.js';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations (idempotent; serialized across processes on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** What every PGlite of ours loads: pg_trgm, for the search indexes (drizzle/0008_search_indexes.sql). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** PostgreSQL through `pg` when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/db. */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dataDir = join(config.dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  return wrapPglite(new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS }));
}

/** Wraps an already created PGlite instance (tests open in-memory copies of a migrated template). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
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
