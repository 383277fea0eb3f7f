import { normalize } from './text.js';

/** Client-side destination filters of docs/product.md#search. */
export interface SearchFilters {
  name?: string;
  city?: string;
  difficulty?: string;
}

export interface Searchable {
  name: string;
  city: string;
  difficulty: string;
}

export interface IndexEntry<T> {
  item: T;
  name: string;
  /** Offsets in `name` where a word starts. */
  wordStarts: number[];
  city: string;
  difficulty: string;
}

export interface SearchIndex<T> {
  entries: IndexEntry<T>[];
}

/** Normalise every key once per load, so each keystroke only compares strings. */
export function buildSearchIndex<T extends Searchable>(items: readonly T[]): SearchIndex<T> {
  return {
    entries: items.map((item) => {
      const name = normalize(item.name);
      const wordStarts: number[] = [];
      for (let i = 0; i < name.length; i++) {
        if (name[i] !== ' ' && (i === 0 || name[i - 1] === ' ')) wordStarts.push(i);
      }
      return { item, name, wordStarts, city: normalize(item.city), difficulty: normalize(item.difficulty) };
    }),
  };
}

/**
 * The text filters as predicates over index entries (none when a filter is empty), so they can be
 * combined with other filters in one pass (planning.ts). Normalises the typed text once per call.
 * Name: some word of the name starts with the typed text (a text with spaces may span words).
 * City: starts with the typed text. Difficulty: contains the selected value.
 */
export function searchPredicates<T>(filters: SearchFilters): ((entry: IndexEntry<T>) => boolean)[] {
  const name = normalize(filters.name ?? '');
  const city = normalize(filters.city ?? '');
  const difficulty = normalize(filters.difficulty ?? '');
  const out: ((entry: IndexEntry<T>) => boolean)[] = [];
  if (city) out.push((e) => e.city.startsWith(city));
  if (difficulty) out.push((e) => e.difficulty.includes(difficulty));
  if (name) out.push((e) => e.wordStarts.some((start) => e.name.startsWith(name, start)));
  return out;
}

/** The items whose entries pass the text filters of docs/product.md#search, in the list's order. */
export function filterIndex<T>(index: SearchIndex<T>, filters: SearchFilters): T[] {
  const predicates = searchPredicates<T>(filters);
  if (predicates.length === 0) return index.entries.map((e) => e.item);
  const out: T[] = [];
  const count = predicates.length;
  for (const e of index.entries) {
    let ok = true;
    for (let p = 0; p < count && ok; p++) ok = predicates[p]!(e);
    if (ok) out.push(e.item);
  }
  return out;
}

/**
 * The naive version, written independently of the index as the benchmark baseline and the tests'
 * oracle: it normalises every field on every call and tries the typed text at every word of the name.
 */
export function filterNaive<T extends Searchable>(items: readonly T[], filters: SearchFilters): T[] {
  const name = normalize(filters.name ?? '');
  const city = normalize(filters.city ?? '');
  const difficulty = normalize(filters.difficulty ?? '');
  return items.filter((item) => {
    const words = normalize(item.name).split(' ');
    const nameMatches = name === '' || words.some((_, i) => words[i] !== '' && words.slice(i).join(' ').startsWith(name));
    return nameMatches && normalize(item.city).startsWith(city) && normalize(item.difficulty).includes(difficulty);
  });
}
