import { API, type Place, type PlaceDetail, type RatingListItem, type Track } from '@sendero/contract';
import { offlineCacheName, OWNER_HEADER, UPLOADS_CACHE } from '@/sw/names';
import { imageVariant } from './images';
import { getSession } from './session';

/**
 * Offline copies of saved destinations (docs/product.md#saved), in Cache Storage: one cache per
 * user, holding the place's JSON, its reviews (what GET /api/place/{id} and GET /api/rating/{id}
 * answer), its route track's line and profile when it has one (GET /api/place/{id}/track,
 * docs/product.md#tracks), the saved list, and the 800 px variants of the photos. The service worker answers from
 * them when the network fails (src/sw/sw.ts); 'Cerrar Sesión' deletes them.
 */

const hasCaches = () => typeof caches !== 'undefined';

function authHeaders(): Record<string, string> {
  const session = getSession();
  return session ? { Authorization: `Bearer ${session.token}`, Accept: 'application/json' } : { Accept: 'application/json' };
}

/** Stores `body` as the answer to GET `path`, marked as `userId`'s. */
async function putJson(cache: Cache, userId: string, path: string, body: unknown): Promise<void> {
  const headers = { 'Content-Type': 'application/json', [OWNER_HEADER]: userId.toLowerCase() };
  await cache.put(path, new Response(JSON.stringify(body), { headers }));
}

async function fetchJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: authHeaders(), cache: 'no-store' });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The photos a saved destination shows: its own and its reviews', as 800 px variants. */
export function offlinePhotoUrls(place: Place, reviews: readonly RatingListItem[]): string[] {
  const urls = [...place.photos, ...reviews.map((r) => r.photo_url)].filter(Boolean).map((u) => imageVariant(u, 800));
  return [...new Set(urls)];
}

const placeKeys = (placeId: string) => [API.place(placeId), API.ratings(placeId)];

/**
 * Downloads a saved destination for offline use: its JSON, its reviews and its photos. Resolves once
 * everything is stored; rejects (storing nothing half-way) if any part fails.
 */
export async function storePlaceOffline(userId: string, placeId: string): Promise<void> {
  if (!hasCaches()) throw new Error('Cache Storage is not available');
  const [place, reviews] = await Promise.all([fetchJson<PlaceDetail>(API.place(placeId)), fetchJson<RatingListItem[]>(API.ratings(placeId))]);
  // The track the stored detail names (its figures are in the detail; the line and profile are not).
  const track = place.track ? await fetchJson<Track>(API.placeTrack(placeId)) : null;
  const photos = await Promise.all(
    offlinePhotoUrls(place, reviews).map(async (url) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      return [url, res] as const;
    }),
  );
  const cache = await caches.open(offlineCacheName(userId));
  await Promise.all(photos.map(([url, res]) => cache.put(url, res)));
  if (track) await putJson(cache, userId, API.placeTrack(placeId), track);
  else await cache.delete(API.placeTrack(placeId));
  await putJson(cache, userId, API.place(placeId), place);
  await putJson(cache, userId, API.ratings(placeId), reviews);
}

/** Whether the destination's JSON and reviews are stored for `userId` (and marked as theirs). */
export async function isPlaceOffline(userId: string, placeId: string): Promise<boolean> {
  if (!hasCaches() || !(await caches.has(offlineCacheName(userId)))) return false;
  const cache = await caches.open(offlineCacheName(userId));
  const hits = await Promise.all(placeKeys(placeId).map((key) => cache.match(key)));
  return hits.every((hit) => hit?.headers.get(OWNER_HEADER) === userId.toLowerCase());
}

/** Forgets one destination's JSON, reviews and track (its photos may be shared with another saved place). */
export async function removePlaceOffline(userId: string, placeId: string): Promise<void> {
  if (!hasCaches() || !(await caches.has(offlineCacheName(userId)))) return;
  const cache = await caches.open(offlineCacheName(userId));
  await Promise.all([...placeKeys(placeId), API.placeTrack(placeId)].map((key) => cache.delete(key)));
}

/** Keeps the saved list the worker shows offline in step with the server's. */
export async function storeSavedList(userId: string, places: readonly Place[]): Promise<void> {
  if (!hasCaches()) return;
  await putJson(await caches.open(offlineCacheName(userId)), userId, API.saved, places);
}

/** 'Cerrar Sesión': every offline copy of this user, and the photos cached on the way. */
export async function deleteOfflineCopies(userId: string): Promise<void> {
  if (!hasCaches()) return;
  await Promise.all([caches.delete(offlineCacheName(userId)), caches.delete(UPLOADS_CACHE)]);
}
