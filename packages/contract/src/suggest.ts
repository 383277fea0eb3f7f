import { normalize } from './text.js';

/**
 * "Did you mean" (docs/product.md#did-you-mean, docs/decisions/041-did-you-mean-rule.md): the one
 * definition of the rule, used by the browser over the index; the server's SQL
 * (apps/server/src/services/place-suggestion.ts) follows the same table of cases (suggest-cases.ts).
 */

/** A word of the names of the places the caller may see, as the server's `place_words` table holds it. */
export interface SuggestionWord {
  /** Normalised (no accents, lower case): only [a-z0-9]. */
  word: string;
  /** As written in a place name (e.g. 'Salkantay', 'Cañón'): what a suggestion shows. */
  display: string;
  /** How many places have the word in their name (ties go to the word found in more places). */
  places: number;
}

/** Query words shorter than this are left as typed. */
export const SUGGEST_MIN_LENGTH = 5;
/** At most this many edits (insert, delete or replace one letter) between a typed word and its replacement. */
export const SUGGEST_MAX_EDITS = 2;
/**
 * And at least this share of trigrams in common (pg_trgm's similarity, its default threshold), so the
 * server finds candidates through the trigram index (docs/decisions/041-did-you-mean-rule.md).
 */
export const SUGGEST_MIN_SIMILARITY = 0.3;

/**
 * The letters a place-name word is made of: a name is cut into words at anything else. They are the
 * letters the server's `name_search` column translates (drizzle/0005_place_search.sql), so both sides
 * cut a name the same way and each word normalises to [a-z0-9].
 */
const NOT_WORD = /[^0-9A-Za-zÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ]+/;
const PLAIN_WORD = /^[a-z0-9]+$/;

const ASCII_WORD = /^[0-9A-Za-z]+$/;
/** normalize() of one piece; plain ASCII (most pieces) needs only lower case. */
const normalizePiece = (piece: string) => (ASCII_WORD.test(piece) ? piece.toLowerCase() : normalize(piece));

/** The distinct words of a place name, normalised, each with its first spelling in the name. */
export function placeNameWords(name: string): { word: string; display: string }[] {
  const out = new Map<string, string>();
  for (const piece of name.split(NOT_WORD)) {
    if (!piece) continue;
    const word = normalizePiece(piece);
    if (PLAIN_WORD.test(word) && !out.has(word)) out.set(word, piece);
  }
  return [...out].map(([word, display]) => ({ word, display }));
}

/** The distinct words of many names with how many names have each (the browser's `place_words`). */
export function suggestionWords(names: Iterable<string>): SuggestionWord[] {
  const words = new Map<string, SuggestionWord>();
  for (const name of names) {
    for (const { word, display } of placeNameWords(name)) {
      const known = words.get(word);
      if (known) known.places++;
      else words.set(word, { word, display, places: 1 });
    }
  }
  return [...words.values()];
}

/** pg_trgm's trigrams of one word of [a-z0-9]: padded with two spaces before and one after, distinct. */
export function wordTrigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** Two rows of the edit table, reused across calls (a keystroke compares thousands of words). */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance when it is at most `max`, else max + 1 (early exit once a whole row exceeds it). */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length * 2 + 1);
    rowB = new Int32Array(b.length * 2 + 1);
  }
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const replace = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, replace);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    const t = prev;
    prev = row;
    row = t;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** The replacement of one typed word (normalised), or null: see suggestQuery. */
export function suggestWord(typed: string, words: readonly SuggestionWord[]): SuggestionWord | null {
  if (typed.length < SUGGEST_MIN_LENGTH || !PLAIN_WORD.test(typed)) return null;
  // A word some name contains (as a search matches it: a word of the name starts with it) stays.
  for (const w of words) if (w.word.startsWith(typed)) return null;
  let best: SuggestionWord | null = null;
  let bestCommon = -1;
  let typedTrigrams: Set<string> | null = null;
  for (const w of words) {
    if (editDistanceWithin(typed, w.word, SUGGEST_MAX_EDITS) > SUGGEST_MAX_EDITS) continue;
    typedTrigrams ??= wordTrigrams(typed);
    const theirs = wordTrigrams(w.word);
    let common = 0;
    for (const t of theirs) if (typedTrigrams.has(t)) common++;
    const union = typedTrigrams.size + theirs.size - common;
    if (common < SUGGEST_MIN_SIMILARITY * union) continue;
    const better =
      !best || common > bestCommon || (common === bestCommon && (w.places > best.places || (w.places === best.places && w.word < best.word)));
    if (better) {
      best = w;
      bestCommon = common;
    }
  }
  return best;
}

/**
 * The rule of docs/product.md#did-you-mean over the words of the names the caller may see: each typed
 * word of SUGGEST_MIN_LENGTH letters or more that no name contains is replaced by the most similar
 * word (most trigrams in common, at most SUGGEST_MAX_EDITS edits away and SUGGEST_MIN_SIMILARITY
 * similar; ties go to the word in more places, then to the first in alphabetical order); other words
 * stay as typed. Null when no word was replaced. The caller offers it only if it finds places.
 */
export function suggestQuery(query: string, words: readonly SuggestionWord[]): string | null {
  const typed = query.trim().split(/\s+/).filter(Boolean);
  let changed = false;
  const out = typed.map((t) => {
    const replacement = suggestWord(normalize(t), words);
    if (!replacement) return t;
    changed = true;
    return replacement.display;
  });
  return changed ? out.join(' ') : null;
}

/** suggestQuery, offered only when `finds` says the corrected name finds places (with the other filters). */
export function suggestionFor(name: string | undefined, words: readonly SuggestionWord[], finds: (corrected: string) => boolean): string | null {
  const corrected = suggestQuery(name ?? '', words);
  return corrected !== null && finds(corrected) ? corrected : null;
}
