import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './types.js';

/**
 * Runs one raw statement (a data-modifying CTE drizzle's builder cannot express) and returns its rows.
 * PGlite and node-postgres both answer `{ rows }`; the shared `Db` type leaves the result untyped.
 */
export async function rowsOf<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
