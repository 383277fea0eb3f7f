import type { SearchFilters } from './search.js';

/**
 * One table of cases for docs/product.md#did-you-mean, checked against the browser's suggestion over the
 * index (contract tests) and the server's SQL (apps/server/test/place-suggestion.test.ts). The browser's
 * index holds the verified places only; the server's word table must leave the others out too.
 */
export const SUGGEST_CASE_PLACES = [
  { name: 'Nevado Salkantay', city: 'Cusco', difficulty: 'Exigente', verified: true },
  { name: 'Choquequirao', city: 'Cusco', difficulty: 'Exigente', verified: true },
  { name: 'Nevado Ausangate', city: 'Cusco', difficulty: 'Exigente', verified: true },
  { name: 'Laguna Humantay', city: 'Cusco', difficulty: 'Media', verified: true },
  { name: 'Nevado Huascarán', city: 'Huaraz', difficulty: 'Exigente', verified: true },
  { name: 'Montaña de Siete Colores', city: 'Cusco', difficulty: 'Media', verified: true },
  { name: 'Cañón del Colca', city: 'Arequipa', difficulty: 'Media', verified: true },
  { name: 'Mirador de Chacas', city: 'Huaraz', difficulty: 'Fácil', verified: true },
  { name: 'Plaza de Chacas', city: 'Huaraz', difficulty: 'Fácil', verified: true },
  { name: 'Cueva Chocas', city: 'Huaraz', difficulty: 'Fácil', verified: true },
  { name: 'Quebrada Ishinca', city: 'Huaraz', difficulty: 'Media', verified: true },
  { name: 'Quebrada Ishanca', city: 'Huaraz', difficulty: 'Media', verified: true },
  // Waiting for an administrator: a visitor never sees these words, as a place or as a suggestion.
  { name: 'Nevado Pumasillo', city: 'Cusco', difficulty: 'Exigente', verified: false },
  { name: 'Mirador Salcantay', city: 'Cusco', difficulty: 'Fácil', verified: false },
] as const;

export const SUGGEST_CASES: ReadonlyArray<{ filters: SearchFilters; suggestion: string | null }> = [
  // One letter wrong, in any case. ('Mirador Salcantay' is not verified: its words are no one's words yet.)
  { filters: { name: 'salcantay' }, suggestion: 'Salkantay' },
  { filters: { name: 'SALCANTAY' }, suggestion: 'Salkantay' },
  { filters: { name: 'ausangati' }, suggestion: 'Ausangate' },
  { filters: { name: 'nevada' }, suggestion: 'Nevado' },
  { filters: { name: 'salkntay' }, suggestion: 'Salkantay' },
  { filters: { name: 'salkkantay' }, suggestion: 'Salkantay' },
  { filters: { name: 'choquequiraoo' }, suggestion: 'Choquequirao' },
  // Two letters wrong.
  { filters: { name: 'choquekirao' }, suggestion: 'Choquequirao' },
  { filters: { name: 'salcantai' }, suggestion: 'Salkantay' },
  // Swapped letters (two edits).
  { filters: { name: 'slakantay' }, suggestion: 'Salkantay' },
  { filters: { name: 'salkantya' }, suggestion: 'Salkantay' },
  // Three edits: too far.
  { filters: { name: 'salcamtai' }, suggestion: null },
  // A missing accent or 'ñ' is no mistake (the search finds it); with a wrong letter, the name's spelling comes back.
  { filters: { name: 'huascaran' }, suggestion: null },
  { filters: { name: 'montana' }, suggestion: null },
  { filters: { name: 'huascaram' }, suggestion: 'Huascarán' },
  { filters: { name: 'montanya' }, suggestion: 'Montaña' },
  // Two words with one wrong: the other stays as typed.
  { filters: { name: 'laguna humantai' }, suggestion: 'laguna Humantay' },
  { filters: { name: 'lagna humantay' }, suggestion: 'Laguna humantay' },
  { filters: { name: 'lagna humantai' }, suggestion: 'Laguna Humantay' },
  { filters: { name: 'siete colorez' }, suggestion: 'siete Colores' },
  { filters: { name: 'cañon del colka' }, suggestion: 'cañon del Colca' },
  // Exactly 5 letters is corrected; shorter words are left as typed.
  { filters: { name: 'colka' }, suggestion: 'Colca' },
  { filters: { name: 'colk' }, suggestion: null },
  { filters: { name: 'humn' }, suggestion: null },
  { filters: { name: 'del colka' }, suggestion: 'del Colca' },
  // Within two edits but few trigrams in common.
  { filters: { name: 'cilka' }, suggestion: null },
  // Ties: the word in more places, then the first in alphabetical order.
  { filters: { name: 'chucas' }, suggestion: 'Chacas' },
  { filters: { name: 'ishunca' }, suggestion: 'Ishanca' },
  // Nothing close.
  { filters: { name: 'xyzzyq' }, suggestion: null },
  { filters: { name: 'pumasilo' }, suggestion: null },
  // Offered only when the corrected search finds places, with the other filters too.
  { filters: { name: 'salcantay trekking' }, suggestion: null },
  { filters: { name: 'salcantay', city: 'Lima' }, suggestion: null },
  { filters: { name: 'salcantay', city: 'cus' }, suggestion: 'Salkantay' },
  { filters: { name: 'choquekirao', difficulty: 'Facil' }, suggestion: null },
  // Nothing to correct.
  { filters: { name: '' }, suggestion: null },
  { filters: { name: '   ' }, suggestion: null },
  { filters: { name: 'salcantay!' }, suggestion: null },
  { filters: { name: '%%%%%' }, suggestion: null },
  { filters: { name: "' or 1=1 --" }, suggestion: null },
];
