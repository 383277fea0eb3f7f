/**
 * Part of `npm run bench:catalogue` (docs/product.md#did-you-mean): the search with a suggestion at
 * N places with realistic names, in process, on PostgreSQL and on PGlite in the same run, beside
 * ordinary searches. Run as
 *   tsx --tsconfig apps/server/tsconfig.json bench/catalogue-suggest.ts <DATABASE_URL of an empty database> <N>
 * Prints one JSON line: per database, per query, the p99 and median of searchPlaces (the service behind
 * GET /api/place/search, suggestion included), and the size of the word table.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openPostgres, PGLITE_EXTENSIONS, wrapPglite, type Database } from '@/db/client.js';
import { placeWords, users } from '@/db/schema.js';
import { searchPlaces } from '@/services/place-search.js';

const url = process.argv[2];
const N = Number(process.argv[3] ?? 100000);
if (!url) throw new Error('usage: catalogue-suggest.ts <DATABASE_URL> <N>');
const ROUNDS = Number(process.env.BENCH_SUGGEST_ROUNDS ?? 200);

/** The searches timed: ordinary ones and misspelt ones (with the suggestion each must get). */
export const QUERIES: ReadonlyArray<{ label: string; name: string; suggestion?: string | null }> = [
  { label: 'ordinary "laguna"', name: 'laguna' },
  { label: 'ordinary "choquequirao"', name: 'choquequirao' },
  { label: 'ordinary "xyz" (nothing)', name: 'xyz' },
  { label: 'misspelt "salcantay"', name: 'salcantay', suggestion: 'Salkantay' },
  { label: 'misspelt "choquekirao"', name: 'choquekirao', suggestion: 'Choquequirao' },
  { label: 'misspelt "nevado ausangati"', name: 'nevado ausangati', suggestion: 'nevado Ausangate' },
  { label: 'misspelt, nothing close "qwxzvkt"', name: 'qwxzvkt', suggestion: null },
  { label: 'misspelt, 3 long words', name: 'huacrapampa llumachocha tarucanayoc', suggestion: undefined },
];

/** Realistic names: a kind of place, then a famous name (1 in 49) or a Quechua-like word of 2-3 syllables with a common ending. */
export const SEED_SQL = (owner: string, n: number) => sql`
  insert into places (id_user, name, city, difficulty, capacity, time_min, time_max, time_city, photos, description, how_to_get, tips, verified, created_at, updated_at)
  select ${owner}::uuid,
    (array['Laguna','Cerro','Cascada','Mirador','Nevado','Cañón','Bosque de piedras','Aguas termales','Quebrada','Camino inca','Valle','Abra','Ruinas de','Puente colgante','Catarata'])[1 + i % 15] || ' ' ||
    case when i % 49 = 7
      then (array['Salkantay','Choquequirao','Ausangate','Huascarán','Pastoruri','Huaytapallana','Marcahuasi','Llanganuco','Wilcacocha','Ñahuinpuquio','Kuélap','Sóndor'])[1 + abs(hashtext(i::text)) % 12]
      else initcap(s[1 + i % 24] || s[1 + (i / 24) % 24] || case when i % 3 = 0 then s[1 + (i / 576) % 24] else '' end || e[1 + (i / 7) % 9])
    end,
    (array['Lima','Huaraz','Huancayo','Cusco','Arequipa','Cajamarca','Ayacucho','Puno'])[1 + (i * 7) % 8],
    (array['Fácil','Media','Exigente','Difícil'])[1 + i % 4], 5 + i % 40, 1 + i % 4, 3 + i % 4, 0.5 + (i % 8) / 2,
    array['/uploads/' || encode(sha256(convert_to('bench-photo-' || i, 'UTF8')), 'hex') || '.webp'],
    repeat('Un sendero entre queñuales y pajonales hasta una laguna turquesa. ', 5), 'Desde el terminal toma un colectivo hasta el pueblo.', 'Lleva agua y bloqueador.',
    true, now() - make_interval(secs => i), now() - make_interval(secs => i)
  from generate_series(1, ${n}::int) as i,
    (select array['hua','cha','pa','qui','llu','ccoy','ta','ra','ma','pu','yan','co','ri','sa','nca','lla','ti','pam','ku','war','mi','yu','sha','que'] as s,
            array['','','cocha','pampa','huasi','marca','bamba','puquio','yoc'] as e) syllables`;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function measure(kind: string, database: Database) {
  const { db } = database;
  await database.migrate();
  const [owner] = await db.insert(users).values({ email: `bench.suggest.${kind}@example.com`, passwordHash: 'x', firstname: 'Bench', lastname: 'Suggest' }).returning({ id: users.id });
  const seedStart = performance.now();
  await db.execute(SEED_SQL(owner!.id, N));
  await db.execute(sql`analyze`);
  const seedS = (performance.now() - seedStart) / 1000;
  const [{ words }] = (await db.select({ words: sql<number>`count(*)::int` }).from(placeWords)) as [{ words: number }];
  // Each query's answer first: a fast wrong suggestion would be no result at all.
  for (const q of QUERIES) {
    const got = await searchPlaces(db, { name: q.name });
    if (q.suggestion !== undefined && got.suggestion !== q.suggestion) throw new Error(`${kind} ${q.label}: suggestion ${got.suggestion}, expected ${q.suggestion}`);
  }
  const samples = new Map<string, number[]>(QUERIES.map((q) => [q.label, []]));
  for (let r = 0; r < ROUNDS; r++) {
    // Queries alternate, so all see the same machine.
    for (const q of QUERIES) {
      const t = performance.now();
      await searchPlaces(db, { name: q.name });
      samples.get(q.label)!.push(performance.now() - t);
    }
  }
  const figures = Object.fromEntries([...samples].map(([label, xs]) => [label, { p99: at(sorted(xs), 0.99), median: at(sorted(xs), 0.5) }]));
  return { seedS, words, figures };
}

const out: Record<string, unknown> = { places: N, rounds: ROUNDS };
const postgres = await openPostgres(url, 2);
try {
  out.postgres = await measure('postgres', postgres);
} finally {
  await postgres.close();
}
const pglite = await wrapPglite(new PGlite({ extensions: PGLITE_EXTENSIONS }), { readCache: false });
try {
  out.pglite = await measure('pglite', pglite);
} finally {
  await pglite.close();
}
console.log(JSON.stringify(out));
