import type { Db } from '@/db/types.js';

/**
 * One place-change hub per process (docs/architecture.md#caching-and-consistency): every cache of
 * places (the verified list, the browsing index, the shared pages) subscribes here once, in its own
 * module, and every writer announces here. No cache knows another, so a new cache joins with one
 * `onPlaceChange` call and nothing imports in a circle.
 *
 * - `placeChanged(db, id)`: a committed write in this process (or a notification from another one)
 *   changed place `id` or its reviews; each cache re-reads that one place.
 * - `placesDropped(db)`: anything may have changed (another process wrote while nobody listened);
 *   each cache forgets everything of `db`.
 * - `setPlaceCacheMaxAge` / `placeCacheMaxAge`: how long the caches of `db` may trust what they hold,
 *   set by the place-change listener (plugins/place-changes.ts): forever while every write reaches this
 *   process, about a second while it may miss one.
 */
export interface PlaceChangeSubscriber {
  /** Place `id` of `db` (or its reviews) changed. */
  changed(db: Db, id: string): void;
  /** Every place of `db` may have changed. */
  dropped(db: Db): void;
}

const subscribers: PlaceChangeSubscriber[] = [];

/** Subscribes a cache to every place change, for the life of the process (call once, at module load). */
export function onPlaceChange(subscriber: PlaceChangeSubscriber): void {
  subscribers.push(subscriber);
}

/** Call after every committed write that can change a place as shown (the place itself, its reviews). */
export function placeChanged(db: Db, id: string): void {
  for (const subscriber of subscribers) subscriber.changed(db, id);
}

/** Another process changed places and we do not know which: every cache of `db` starts over. */
export function placesDropped(db: Db): void {
  for (const subscriber of subscribers) subscriber.dropped(db);
}

const maxAges = new WeakMap<Db, () => number>();

export function setPlaceCacheMaxAge(db: Db, maxAge: () => number): void {
  maxAges.set(db, maxAge);
}

/** How long the place caches of `db` may keep an entry (ms): the listener's answer, else `fallback`. */
export function placeCacheMaxAge(db: Db, fallback: number): number {
  return maxAges.get(db)?.() ?? fallback;
}
