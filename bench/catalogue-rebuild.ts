/**
 * Part of `npm run bench:catalogue` and `npm run bench:api` (docs/product.md#catalogue): the server's browsing index and
 * verified list (GET /api/place) after a write, in process, against a PostgreSQL database. Run as
 *   tsx --tsconfig apps/server/tsconfig.json bench/catalogue-rebuild.ts <DATABASE_URL> [--seed N]
 * (`--seed N`: migrate the empty database and insert N verified places by SQL first). Prints one JSON
 * line: for the index and for the list, the full build and the median/max of the next read after a
 * one-place write (re-read of that place + re-serialization + ETag), which must stay under 20 ms at
 * 10,000 places, and whether the result equals a full rebuild.
 */
import { eq, sql } from 'drizzle-orm';
import { openPostgres } from '@/db/client.js';
import { places, users } from '@/db/schema.js';
import { PlaceIndex } from '@/services/place-index.js';
import { placeChanged, placesDropped } from '@/services/place-changes-hub.js';
import { getVerifiedPlaceList } from '@/services/places.js';

const url = process.argv[2];
if (!url) throw new Error('usage: catalogue-rebuild.ts <DATABASE_URL> [--seed N]');
const seedAt = process.argv.indexOf('--seed');
const SEED = seedAt > 0 ? Number(process.argv[seedAt + 1]) : 0;
const ROUNDS = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const database = await openPostgres(url, 2);
try {
  const { db } = database;
  if (SEED > 0) {
    await database.migrate();
    const [owner] = await db.insert(users).values({ email: 'bench.rebuild@example.com', passwordHash: 'x', firstname: 'Bench', lastname: 'Rebuild' }).returning({ id: users.id });
    // Realistic lengths: Spanish names and cities, a unique photo per place, a few sentences of text.
    await db.execute(sql`
      insert into places (id_user, name, city, difficulty, capacity, time_min, time_max, time_city, photos, description, how_to_get, tips, rating, comments, lat, lon, verified, created_at, updated_at)
      select ${owner!.id}::uuid,
             (array['Laguna','Cerro','Cascada','Mirador','Nevado','Cañón','Quebrada','Valle'])[1 + i % 8] || ' ' || (array['Huascarán','Churup','Llanganuco','Pariacaca','Marcahuasi','Ausangate','Sóndor','Ñahuinpuquio'])[1 + (i / 8) % 8] || ' ' || i,
             (array['Lima','Huaraz','Huancayo','Cusco','Arequipa','Cajamarca','Huánuco'])[1 + (i * 7) % 7],
             (array['Fácil','Media','Exigente','Difícil'])[1 + i % 4], 5 + i % 40, 1 + i % 4, 3 + i % 4, 0.5 + (i % 8) / 2,
             array['/uploads/' || encode(sha256(convert_to('bench-photo-' || i, 'UTF8')), 'hex') || '.webp'],
             repeat('Un sendero entre queñuales y pajonales hasta una laguna turquesa. ', 5), 'Desde el terminal toma un colectivo hasta el pueblo.', 'Lleva agua y bloqueador.',
             round(((i * 37) % 51)::numeric / 10, 1), (i * 13) % 60, -18 + ((i * 7919) % 1300000)::float8 / 100000, -81 + ((i::bigint * 104729) % 1200000)::float8 / 100000,
             true, now() - make_interval(secs => i), now() - make_interval(secs => i)
      from generate_series(1, ${SEED}::int) as i`);
  }
  const ids = (await db.select({ id: places.id }).from(places).where(eq(places.verified, true)).limit(ROUNDS)).map((r) => r.id);
  /** A review's effect on a place: its count moves (committed before the caches hear of it). */
  const write = (id: string) => db.update(places).set({ comments: sql`${places.comments} + 1` }).where(eq(places.id, id));

  // -- The browsing index
  const index = new PlaceIndex(db, 0);
  let started = performance.now();
  const first = await index.body('verified');
  const fullMs = performance.now() - started;
  const after: number[] = [];
  for (const [i, id] of ids.entries()) {
    await write(id);
    index.changed(id);
    started = performance.now();
    const body = await index.body('verified');
    after.push(performance.now() - started);
    if (i === 0 && body.etag === first.etag) throw new Error('the index ETag did not change after a write');
  }
  const fresh = new PlaceIndex(db, 0);
  const same = (await fresh.body('verified')).etag === (await index.body('verified')).etag;

  // -- The verified list (GET /api/place)
  started = performance.now();
  const firstList = await getVerifiedPlaceList(db);
  const listFullMs = performance.now() - started;
  const listAfter: number[] = [];
  for (const [i, id] of ids.entries()) {
    await write(id);
    placeChanged(db, id);
    started = performance.now();
    const list = await getVerifiedPlaceList(db);
    listAfter.push(performance.now() - started);
    if (i === 0 && list.etag === firstList.etag) throw new Error('the list ETag did not change after a write');
  }
  const kept = (await getVerifiedPlaceList(db)).etag;
  placesDropped(db);
  const listSame = (await getVerifiedPlaceList(db)).etag === kept;

  console.log(
    JSON.stringify({
      places: (await db.select({ n: sql<number>`count(*)::int` }).from(places).where(eq(places.verified, true)))[0]!.n,
      fullMs,
      afterWriteMedianMs: median(after),
      afterWriteMaxMs: Math.max(...after),
      sameAsFullRebuild: same,
      listFullMs,
      listAfterWriteMedianMs: median(listAfter),
      listAfterWriteMaxMs: Math.max(...listAfter),
      listSameAsFullRebuild: listSame,
    }),
  );
} finally {
  await database.close();
}
