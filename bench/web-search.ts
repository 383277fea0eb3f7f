/**
 * Budget 2 (issue 3): search filtering over 5,000 places, the contract's `filterIndex` (keys
 * normalised once per load) against `filterNaive` (normalising on every keystroke), side by side in
 * the same process over the same simulated keystrokes.
 */
import { performance } from 'node:perf_hooks';
import { DIFFICULTIES, buildSearchIndex, filterIndex, filterNaive, type SearchFilters, type Searchable } from '@sendero/contract';

export const SEARCH_BUDGET_MS = 4;
const PLACES = 5000;

const KINDS = ['Laguna', 'Cañón', 'Nevado', 'Cerro', 'Catarata', 'Bosque de Piedras', 'Mirador', 'Valle', 'Quebrada', 'Lomas', 'Abra', 'Río'];
const PROPER = [
  'Ñahuimpuquio', 'Marcahuasi', 'Antacocha', 'Churup', 'Parón', 'Llanganuco', 'Huaytapallana', 'Ticlla', 'Cochapata',
  'San Gerónimo', 'Pumacocha', 'Jurau', 'Sóndor', 'Huancaya', 'Vilcanota', 'Auquisamaña', 'Tinajas', 'Ojo de Mar',
  'Lachay', 'Huaraz', 'Obrajillo', 'Autisha', 'Chinchaycocha', 'Palcamayo', 'Rúpac', 'Cántaro', 'Ayllu Ñaupa',
];
const CITIES = [
  'Lima', 'Huaraz', 'Huancayo', 'Cusco', 'Arequipa', 'Cajamarca', 'Ayacucho', 'Huánuco', 'Tarma', 'Jauja', 'Canta',
  'Huarochirí', 'Matucana', 'Chosica', 'Oxapampa', 'Puno', 'Chachapoyas', 'Trujillo', 'Ica', 'Cañete', 'Yauyos',
];

/** Deterministic pseudo-random numbers, so two runs time the same work. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function makePlaces(count = PLACES): Searchable[] {
  const next = rng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: count }, (_, i) => ({
    name: `${pick(KINDS)} ${pick(PROPER)}${next() < 0.3 ? ` ${pick(PROPER)}` : ''} ${i}`,
    city: pick(CITIES),
    difficulty: pick(DIFFICULTIES),
  }));
}

/** A person typing, letter by letter (with capitals and without accents), then correcting. */
export function makeKeystrokes(): SearchFilters[] {
  const out: SearchFilters[] = [];
  const type = (text: string, base: SearchFilters, field: 'name' | 'city') => {
    for (let i = 1; i <= text.length; i++) out.push({ ...base, [field]: text.slice(0, i) });
    for (let i = text.length - 1; i >= 0; i--) out.push({ ...base, [field]: text.slice(0, i) });
  };
  for (const q of ['laguna', 'CANON del', 'nahuimpuquio', 'san geronimo', 'Ojo de mar', 'xyz']) type(q, {}, 'name');
  for (const q of ['huaraz', 'HUANUCO', 'canete', 'lima']) type(q, {}, 'city');
  for (const d of ['Facil', 'Media', 'Exigente', 'Dificil']) {
    out.push({ difficulty: d });
    type('lag', { difficulty: d }, 'name');
    type('hua', { difficulty: d }, 'city');
  }
  return out;
}

export interface Timing {
  meanMs: number;
  p95Ms: number;
  maxMs: number;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { meanMs: samples.reduce((a, b) => a + b, 0) / samples.length, p95Ms: at(0.95), maxMs: at(1) };
}

export interface SearchBenchResult {
  places: number;
  keystrokes: number;
  buildIndexMs: number;
  indexed: Timing;
  naive: Timing;
  ratio: number;
  withinBudget: boolean;
}

export function runSearchBench(rounds = 5): SearchBenchResult {
  const places = makePlaces();
  const keys = makeKeystrokes();

  let t = performance.now();
  const index = buildSearchIndex(places);
  const buildIndexMs = performance.now() - t;

  // Same answers first: a fast wrong filter would be no result at all.
  for (const f of keys) {
    const a = filterIndex(index, f).length;
    const b = filterNaive(places, f).length;
    if (a !== b) throw new Error(`filterIndex and filterNaive disagree on ${JSON.stringify(f)}: ${a} vs ${b}`);
  }

  const indexed: number[] = [];
  const naive: number[] = [];
  let sink = 0;
  // Alternate whole passes so both see the same machine; keeping them in separate passes stops the
  // naive version's garbage from being collected on the indexed version's clock. Round 0 warms up.
  for (let r = 0; r <= rounds; r++) {
    for (const f of keys) {
      t = performance.now();
      sink += filterIndex(index, f).length;
      if (r > 0) indexed.push(performance.now() - t);
    }
    for (const f of keys) {
      t = performance.now();
      sink += filterNaive(places, f).length;
      if (r > 0) naive.push(performance.now() - t);
    }
  }
  if (sink < 0) console.log(sink); // keeps the results alive

  const i = summarise(indexed);
  const n = summarise(naive);
  return {
    places: places.length,
    keystrokes: indexed.length,
    buildIndexMs,
    indexed: i,
    naive: n,
    ratio: n.meanMs / i.meanMs,
    withinBudget: i.meanMs <= SEARCH_BUDGET_MS,
  };
}
