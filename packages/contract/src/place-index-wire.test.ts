import { describe, expect, it } from 'vitest';
import { coverTag, coverUrl, decodePlaceIndex, encodePlaceIndex, parseCoverKey } from './place-index-wire.js';
import { PlaceIndexWireSchema } from './place-index-wire-schema.js';
import type { PlaceIndexEntry } from './schemas.js';

const hash = (c: string) => c.repeat(64);
const entries: PlaceIndexEntry[] = [
  { _id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Laguna Churup', city: 'Huaraz', difficulty: 'Difícil', time: [2, 4.5], time_city: 1.5, photo: `/uploads/${hash('b')}.webp`, rating: 4.3, comments: 12, created_at: '2026-11-20T10:00:05.000Z', lat: -9.48276, lon: -77.42178 },
  { _id: 'ffffffff-0000-4000-8000-000000000001', name: 'Cañón del Colca', city: 'Arequipa', difficulty: 'Fácil', time: [1, 1], time_city: 3, photo: 'https://example.org/otra.jpg', rating: 0, comments: 0, created_at: '2026-11-20T10:00:05.000Z', lat: null, lon: null },
  { _id: 'ffffffff-0000-4000-8000-000000000002', name: 'Mirador "Alto"', city: 'Huaraz', difficulty: 'Media', time: [0, 2], time_city: 0.5, photo: null, rating: 5, comments: 1, created_at: '2026-01-01T00:00:00.000Z', lat: 0, lon: 179.99999 },
];

describe('the browsing index on the wire (docs/decisions/028-compact-place-index.md)', () => {
  it('sends one array per field, cities once, and decodes back to the entries', () => {
    const wire = PlaceIndexWireSchema.parse(JSON.parse(JSON.stringify(encodePlaceIndex(entries))));
    expect(wire.cities).toEqual(['Huaraz', 'Arequipa']);
    expect(wire.city).toEqual([0, 1, 0]);
    expect(wire.difficulty).toEqual([3, 0, 1]);
    expect(wire.rating).toEqual([43, 0, 50]);
    expect(wire.photo).toEqual(['bbbb', 'https://example.org/otra.jpg', null]);
    expect(wire.created).toEqual([Date.parse('2026-11-20T10:00:05Z') / 1000, 0, (Date.parse('2026-11-20T10:00:05Z') - Date.parse('2026-01-01T00:00:00Z')) / 1000]);
    expect(decodePlaceIndex(wire)).toEqual([{ ...entries[0], photo: coverUrl(entries[0]!._id, 'bbbb') }, entries[1], entries[2]]);
    expect(decodePlaceIndex(encodePlaceIndex([]))).toEqual([]);
  });

  it('rounds what the wire carries: times to the second, coordinates to 1e-5 degrees', () => {
    const [e] = decodePlaceIndex(encodePlaceIndex([{ ...entries[0]!, created_at: '2026-11-20T10:00:05.987Z', lat: -9.482764321, lon: -77.4217751 }]));
    expect(e).toMatchObject({ created_at: '2026-11-20T10:00:05.000Z', lat: -9.48276, lon: -77.42178 });
  });

  it('names covers by place id and tag, and reads them back; nothing else is a cover', () => {
    expect(coverTag(`/uploads/${hash('c')}.webp`)).toBe('cccc');
    expect(coverTag('/uploads/abc.webp')).toBeNull();
    const url = coverUrl(entries[0]!._id, 'bbbb');
    expect(url).toBe('/uploads/cover-0a1b2c3d4e5f4a6b8c7d9e0f1a2b3c4d-bbbb.webp');
    expect(parseCoverKey(url.slice('/uploads/'.length))).toEqual({ placeId: entries[0]!._id, tag: 'bbbb', width: null });
    expect(parseCoverKey('cover-0a1b2c3d4e5f4a6b8c7d9e0f1a2b3c4d-bbbb-800.webp')).toMatchObject({ width: 800 });
    for (const bad of ['cover-0a1b-bbbb.webp', 'cover-0a1b2c3d4e5f4a6b8c7d9e0f1a2b3c4d-bbbb-300.webp', `${hash('b')}.webp`, 'cover-0a1b2c3d4e5f4a6b8c7d9e0f1a2b3c4d-BBBB.webp']) {
      expect(parseCoverKey(bad), bad).toBeNull();
    }
  });
});

describe('the decoder in the landing’s first bundle', () => {
  it('imports no zod, directly or through a module of its own package (docs/decisions/027-landing-javascript-budget.md)', async () => {
    const { readFileSync } = await import('node:fs');
    const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
    const imports = (text: string) => [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of imports(source(file))) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(/^zod/);
        if (spec.startsWith('./')) visit(spec.replace(/\.js$/, '.ts'));
      }
    };
    visit('./place-index-wire.ts');
    expect(seen.size).toBeGreaterThan(1);
  });
});
