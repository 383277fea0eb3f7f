import type { Place } from '@sendero/contract';
import { places } from '@/db/schema.js';
import { placesDropped } from '@/services/place-changes-hub.js';
import type { TestApp, TestUser } from './app.js';

/**
 * Places written straight to the table in one statement (as a seed or an operator would), newest first
 * in `rows` order, returning their ids. Each row is `verified` unless it says otherwise. The caches are
 * dropped as another process's write would drop them.
 */
export async function insertPlaces(
  t: TestApp,
  owner: TestUser,
  rows: ReadonlyArray<{ name: string; city: string; difficulty: string; verified?: boolean }>,
  verified = true,
): Promise<string[]> {
  const now = Date.now();
  const inserted = await t.db
    .insert(places)
    .values(
      rows.map((r, i) => ({
        idUser: owner.user._id,
        name: r.name,
        city: r.city,
        difficulty: r.difficulty as Place['difficulty'],
        capacity: 10,
        timeMin: 1,
        timeMax: 3,
        timeCity: 2,
        photos: [`/uploads/${'a'.repeat(63)}${i % 10}.webp`],
        description: 'Descripción.',
        howToGet: 'A pie.',
        tips: 'Agua.',
        verified: r.verified ?? verified,
        createdAt: new Date(now - i * 1000),
      })),
    )
    .returning({ id: places.id });
  placesDropped(t.db);
  return inserted.map((r) => r.id);
}
