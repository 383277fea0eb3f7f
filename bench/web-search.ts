/**
 * Budget 2 (docs/product.md#web-rules): search filtering over 5,000 places, the contract's `filterIndex` (keys
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

/** One timed pass: a search run once per keystroke, returning how many results it found. */
export interface Pass<K> {
  keys: K[];
  search: (keys: K) => number;
}

/**
 * Times every keystroke of each pass, `rounds` times after a warm-up round (round 0). Whole passes
 * alternate so all see the same machine; keeping them apart stops one version's garbage from being
 * collected on another's clock. Resolves with each pass's timing and the number of keystrokes timed.
 */
export function alternatingPasses<A, B>(rounds: number, passes: [Pass<A>, Pass<B>]): { timings: [Timing, Timing]; timed: number } {
  const samples: [number[], number[]] = [[], []];
  let sink = 0;
  const time = <K>(pass: Pass<K>, into: number[], keep: boolean) => {
    for (const k of pass.keys) {
      const t = performance.now();
      sink += pass.search(k);
      if (keep) into.push(performance.now() - t);
    }
  };
  for (let r = 0; r <= rounds; r++) {
    time(passes[0], samples[0], r > 0);
    time(passes[1], samples[1], r > 0);
  }
  if (sink < 0) console.log(sink); // keeps the results alive
  return { timings: [summarise(samples[0]), summarise(samples[1])], timed: samples[0].length };
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

  const t = performance.now();
  const index = buildSearchIndex(places);
  const buildIndexMs = performance.now() - t;

  // Same answers first: a fast wrong filter would be no result at all.
  for (const f of keys) {
    const a = filterIndex(index, f).length;
    const b = filterNaive(places, f).length;
    if (a !== b) throw new Error(`filterIndex and filterNaive disagree on ${JSON.stringify(f)}: ${a} vs ${b}`);
  }

  const {
    timings: [i, n],
    timed,
  } = alternatingPasses(rounds, [
    { keys, search: (f) => filterIndex(index, f).length },
    { keys, search: (f) => filterNaive(places, f).length },
  ]);
  return {
    places: places.length,
    keystrokes: timed,
    buildIndexMs,
    indexed: i,
    naive: n,
    ratio: n.meanMs / i.meanMs,
    withinBudget: i.meanMs <= SEARCH_BUDGET_MS,
  };
}
