import { sql } from 'drizzle-orm';
import type { Db } from '@/db/types.js';

/** Resolves once the database answers a trivial query; rejects (500) when it does not. */
export async function checkDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
