import { describe, expect, it, vi } from 'vitest';
import { API } from '@sendero/contract';
import { stubFetch } from '@/test/fetch-stub';
import { makePlace, signIn, USER_ID } from '@/test/fixtures';
import { isOfflineReadable, offlineCacheName, OWNER_HEADER } from '@/sw/names';
import { removePlaceOffline, storePlaceOffline } from './offline-store';

/** Cache Storage as far as the offline copies use it: named caches of path -> Response. */
function stubCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      put: async (key: string, res: Response) => void entries.set(key, res),
      match: async (key: string) => entries.get(key)?.clone(),
      delete: async (key: string) => entries.delete(key),
    };
  };
  vi.stubGlobal('caches', { open, has: async (name: string) => stores.has(name), delete: async (name: string) => stores.delete(name) });
  return stores;
}

const SUMMARY = { distance_m: 8650, ascent_m: 540, descent_m: 535, min_ele_m: 3900, max_ele_m: 4450, duration_min: 237, points: 900, updated_at: '2026-11-28T10:00:00.000Z' };
const TRACK = { summary: SUMMARY, line: [[[-77.6, -9.05, 3900], [-77.59, -9.04, 4000]]], profile: [[0, 3900], [1500, 4000]] };

describe('offline copies of a saved destination (docs/product.md#saved)', () => {
  it("keep its route track's line and profile when it has one, and forget them with it", async () => {
    signIn('user', USER_ID);
    const stores = stubCaches();
    const place = { ...makePlace({ photos: [] }), track: SUMMARY, conditions: null };
    stubFetch({
      [`GET ${API.place(place._id)}`]: [200, place],
      [`GET ${API.ratings(place._id)}`]: [200, []],
      [`GET ${API.placeTrack(place._id)}`]: [200, TRACK],
    });
    await storePlaceOffline(USER_ID, place._id);
    const cache = stores.get(offlineCacheName(USER_ID))!;
    const stored = cache.get(API.placeTrack(place._id))!;
    expect(stored.headers.get(OWNER_HEADER)).toBe(USER_ID);
    expect(await stored.clone().json()).toEqual(TRACK);

    await removePlaceOffline(USER_ID, place._id);
    expect(cache.has(API.placeTrack(place._id))).toBe(false);
    expect(cache.has(API.place(place._id))).toBe(false);
  });

  it('ask for no track when the place has none', async () => {
    signIn('user', USER_ID);
    const stores = stubCaches();
    const place = { ...makePlace({ photos: [] }), track: null, conditions: null };
    const net = stubFetch({
      [`GET ${API.place(place._id)}`]: [200, place],
      [`GET ${API.ratings(place._id)}`]: [200, []],
    });
    await storePlaceOffline(USER_ID, place._id);
    expect(net.calls.map((c) => c.path)).not.toContain(API.placeTrack(place._id));
    expect(stores.get(offlineCacheName(USER_ID))!.has(API.place(place._id))).toBe(true);
  });

  it("are what the worker may answer offline: a place, its reviews, its track, the saved list; nothing else", () => {
    const id = '33333333-3333-4333-8333-000000000001';
    expect(isOfflineReadable(API.placeTrack(id))).toBe(true);
    expect(isOfflineReadable(API.place(id))).toBe(true);
    expect(isOfflineReadable(API.ratings(id))).toBe(true);
    expect(isOfflineReadable(API.saved)).toBe(true);
    expect(isOfflineReadable(API.placeTrackGpx(id))).toBe(false);
    expect(isOfflineReadable(`/api/place/${id}/track/x`)).toBe(false);
    expect(isOfflineReadable(API.placeIndex())).toBe(false);
  });
});
