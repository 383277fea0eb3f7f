/**
 * Part of `npm run bench:catalogue` (issue 7): the server's browsing index after a write, in process,
 * against the database the bench seeded. Run as
 *   tsx --tsconfig apps/server/tsconfig.json bench/catalogue-rebuild.ts <DATABASE_URL>
 * Prints one JSON line: the full build, and the median/max of the next read after a one-place write
 * (re-read of that entry + re-serialization + ETag), which must stay under 20 ms at 10,000 places.
 */
import { eq, sql } from 'drizzle-orm';
import { openPostgres } from '@/db/client.js';
import { places } from '@/db/schema.js';
import { PlaceIndex } from '@/services/place-index.js';

const url = process.argv[2];
if (!url) throw new Error('usage: catalogue-rebuild.ts <DATABASE_URL>');
const ROUNDS = 30;

const database = await openPostgres(url, 2);
try {
  const { db } = database;
  const index = new PlaceIndex(db, 0);
  let started = performance.now();
  const first = await index.body('verified');
  const fullMs = performance.now() - started;
  const ids = (await db.select({ id: places.id }).from(places).limit(ROUNDS)).map((r) => r.id);
  const after: number[] = [];
  for (const [i, id] of ids.entries()) {
    // A review's effect on the place: its count moves (committed before the index hears of it).
    await db.update(places).set({ comments: sql`${places.comments} + 1` }).where(eq(places.id, id));
    index.changed(id);
    started = performance.now();
    const body = await index.body('verified');
    after.push(performance.now() - started);
    if (i === 0 && body.etag === first.etag) throw new Error('the ETag did not change after a write');
  }
  // The same bytes as a full rebuild.
  const fresh = new PlaceIndex(db, 0);
  const same = (await fresh.body('verified')).etag === (await index.body('verified')).etag;
  after.sort((a, b) => a - b);
  console.log(JSON.stringify({ fullMs, afterWriteMedianMs: after[Math.floor(after.length / 2)], afterWriteMaxMs: after.at(-1), sameAsFullRebuild: same }));
} finally {
  await database.close();
}
