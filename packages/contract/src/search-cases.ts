import type { SearchFilters } from './search.js';

/**
 * One table of cases for the matching rules of docs/product.md#search, checked against the browser's
 * filter (contract tests) and the server's SQL search (server tests), so both sides keep one meaning.
 */
export const SEARCH_CASE_PLACES = [
  { name: 'Laguna Humantay', city: 'Cusco', difficulty: 'Exigente' },
  { name: 'Lomas de Lachay', city: 'Lima', difficulty: 'Fácil' },
  { name: 'Nevado Pastoruri', city: 'Huaraz', difficulty: 'Media' },
  { name: 'Cañón de Autisha', city: 'Lima', difficulty: 'Difícil' },
  { name: 'Bosque de Zárate', city: 'Limatambo', difficulty: 'Media' },
  { name: 'ÁREA 51% _x', city: 'Ñaña', difficulty: 'Fácil' },
] as const;

export type SearchCaseName = (typeof SEARCH_CASE_PLACES)[number]['name'];

export const SEARCH_CASES: ReadonlyArray<{ filters: SearchFilters; names: readonly SearchCaseName[] }> = [
  { filters: {}, names: SEARCH_CASE_PLACES.map((p) => p.name) },
  { filters: { name: '   ' }, names: SEARCH_CASE_PLACES.map((p) => p.name) },
  // A word of the name starts with the text; accents and case do not matter.
  { filters: { name: 'lach' }, names: ['Lomas de Lachay'] },
  { filters: { name: 'CANON' }, names: ['Cañón de Autisha'] },
  { filters: { name: 'cañón' }, names: ['Cañón de Autisha'] },
  { filters: { name: 'zara' }, names: ['Bosque de Zárate'] },
  { filters: { name: 'de' }, names: ['Lomas de Lachay', 'Cañón de Autisha', 'Bosque de Zárate'] },
  // Not in the middle of a word.
  { filters: { name: 'guna' }, names: [] },
  { filters: { name: 'ruri' }, names: [] },
  // The text may span words.
  { filters: { name: 'laguna hum' }, names: ['Laguna Humantay'] },
  { filters: { name: 'de lac' }, names: ['Lomas de Lachay'] },
  // LIKE's wildcards are plain characters.
  { filters: { name: '51%' }, names: ['ÁREA 51% _x'] },
  { filters: { name: '%' }, names: [] },
  { filters: { name: '_' }, names: ['ÁREA 51% _x'] },
  { filters: { name: 'area' }, names: ['ÁREA 51% _x'] },
  // City: starts with the text.
  { filters: { city: 'lima' }, names: ['Lomas de Lachay', 'Cañón de Autisha', 'Bosque de Zárate'] },
  { filters: { city: 'HUA' }, names: ['Nevado Pastoruri'] },
  { filters: { city: 'ima' }, names: [] },
  { filters: { city: 'nana' }, names: ['ÁREA 51% _x'] },
  // Difficulty: the dropdown's unaccented value against the accented one.
  { filters: { difficulty: 'Facil' }, names: ['Lomas de Lachay', 'ÁREA 51% _x'] },
  { filters: { difficulty: 'Dificil' }, names: ['Cañón de Autisha'] },
  { filters: { difficulty: 'Difícil' }, names: ['Cañón de Autisha'] },
  { filters: { difficulty: 'Media' }, names: ['Nevado Pastoruri', 'Bosque de Zárate'] },
  { filters: { difficulty: 'Imposible' }, names: [] },
  // Combined.
  { filters: { city: 'lima', difficulty: 'Media' }, names: ['Bosque de Zárate'] },
  { filters: { name: 'lomas', city: 'cusco' }, names: [] },
  // SQL-looking text is just text.
  { filters: { name: "' or 1=1 --" }, names: [] },
];
