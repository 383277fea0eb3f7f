import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Deleted, type Place, type Rating } from '@sendero/contract';
import type { Db } from '@/db/types.js';
import { onPlaceChange } from '@/services/place-changes-hub.js';
import { buildTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api } from './helpers/client.js';
import { createPlace, uploadedUrl } from './helpers/upload-fixtures.js';

/**
 * The place-change hub (docs/architecture.md#caching-and-consistency): every cache of places subscribes
 * once and every writer announces there, so a new cache joins with one `onPlaceChange` call and no cache
 * imports another.
 */

const servicesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/services');

/** The relative imports between the modules of src/services, by file name. */
function serviceImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(servicesDir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(servicesDir, file), 'utf8');
    const targets = [...text.matchAll(/from '\.\/([\w-]+)\.js'/g)].map((m) => `${m[1]}.ts`);
    graph.set(file, targets);
  }
  return graph;
}

/** A cycle through `start`, as a path of file names, or null. */
function cycleFrom(graph: Map<string, string[]>, start: string): string[] | null {
  const path: string[] = [];
  const seen = new Set<string>();
  const visit = (node: string): string[] | null => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (seen.has(node)) return null;
    seen.add(node);
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    return null;
  };
  return visit(start);
}

describe('the place caches', () => {
  it('import no other cache and no module of places in a circle', () => {
    const graph = serviceImports();
    for (const cache of ['place-list-cache.ts', 'place-index.ts', 'place-share.ts']) {
      expect(graph.get(cache), cache).toBeDefined();
      const others = ['place-list-cache.ts', 'place-index.ts', 'place-share.ts'].filter((f) => f !== cache);
      expect(graph.get(cache)!.filter((f) => others.includes(f)), `${cache} imports another cache`).toEqual([]);
    }
    for (const file of graph.keys()) expect(cycleFrom(graph, file), `import cycle from ${file}`).toBeNull();
  });
});

describe('a cache subscribed to the hub', () => {
  let t: TestApp;
  let admin: TestUser;
  let ana: TestUser;
  const changed: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    // A new cache joins with one call: it hears every committed write of this app's database.
    onPlaceChange({
      changed: (db: Db, id: string) => {
        if (db === t.db) changed.push(id);
      },
      dropped: () => undefined,
    });
    [admin, ana] = await Promise.all([t.createAdmin(), t.createUser()]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hears a place created, verified, edited, reviewed, its review deleted and the place deleted', async () => {
    const place = await createPlace(t, ana.token, {}, { verifyWith: admin.token });
    expect(changed.filter((id) => id === place._id).length).toBeGreaterThanOrEqual(2); // created, verified

    const before = changed.length;
    const edited = await api(t, ana.token).put<Place>(API.placeUpdate(place._id), { description: 'Un sendero con vista a la laguna, de unas tres horas.' });
    expect(edited.status).toBe(200);
    expect(changed.slice(before)).toEqual([place._id]);

    const reviewer = await t.createUser();
    const photo = await uploadedUrl(t, reviewer.token, 'rating');
    const review = await api(t, reviewer.token).post<Rating>(API.ratingCreate, { id_place: place._id, photo_url: photo, rating: 4, comment: 'Muy bonito, aunque con barro.' });
    expect(review.status).toBe(201);
    expect(changed.at(-1)).toBe(place._id);

    const count = changed.length;
    const removed = await api(t, admin.token).delete<Deleted>(API.ratingDelete(review.body._id));
    expect(removed.status).toBe(200);
    expect(changed.slice(count)).toEqual([place._id]);

    const gone = await api(t, admin.token).delete<Deleted>(API.placeDelete(place._id));
    expect(gone.status).toBe(200);
    expect(changed.at(-1)).toBe(place._id);
  });
});
