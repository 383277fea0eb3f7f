import { describe, expect, it } from 'vitest';
import {
  ACCESS_KINDS,
  closedMonthsText,
  FACTS_CASE_PLACES,
  FACTS_CASES,
  factsCheckedText,
  factsFilterFields,
  factsPredicates,
  factsSearchParams,
  feeText,
  altitudeText,
  quotaText,
  packFacts,
  unpackFacts,
} from './access-facts.js';
import { decodePlaceIndex, encodePlaceIndex } from './place-index-wire.js';
import { MSG } from './messages.js';
import { PlaceCreateSchema, PlaceUpdateRequestSchema, PlaceSearchQuerySchema, type PlaceIndexEntry } from './schemas.js';

/** docs/product.md#access-facts */

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
};

describe('the rules of each field', () => {
  const accepts: [string, unknown][] = [
    ['altitude_m', 0],
    ['altitude_m', 7000],
    ['altitude_m', null],
    ['fee_pen', 0],
    ['fee_pen', 10000],
    ['fee_pen', 30.5],
    ['fee_pen', 152.1],
    ['fee_pen', 0.01],
    ['fee_pen', null],
    ...ACCESS_KINDS.map((k): [string, unknown] => ['access', k]),
    ['access', null],
    ['daily_quota', 1],
    ['daily_quota', 100000],
    ['daily_quota', null],
    ['closed_months', []],
    ['closed_months', [2]],
    ['closed_months', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    ['facts_source', 'https://rpp.pe/peru/actualidad/laguna-69'],
    ['facts_source', null],
  ];
  it.each(accepts)('%s accepts %j', (field, value) => {
    expect(PlaceUpdateRequestSchema.safeParse({ [field]: value }).success).toBe(true);
  });

  const refuses: [string, unknown, string, string][] = [
    ['altitude_m', -1, 'altitude_m', MSG.altitudeInvalid],
    ['altitude_m', 7001, 'altitude_m', MSG.altitudeInvalid],
    ['altitude_m', 4600.5, 'altitude_m', MSG.altitudeInvalid],
    ['altitude_m', '4600', 'altitude_m', MSG.altitudeInvalid],
    ['fee_pen', -1, 'fee_pen', MSG.feeInvalid],
    ['fee_pen', 10000.001, 'fee_pen', MSG.feeInvalid],
    ['fee_pen', 10000.01, 'fee_pen', MSG.feeInvalid],
    ['fee_pen', 1.005, 'fee_pen', MSG.feeInvalid],
    ['fee_pen', 'gratis', 'fee_pen', MSG.feeInvalid],
    ['fee_pen', Number.NaN, 'fee_pen', MSG.feeInvalid],
    ['access', 'a_veces', 'access', MSG.accessInvalid],
    ['access', 'LIBRE', 'access', MSG.accessInvalid],
    ['daily_quota', 0, 'daily_quota', MSG.quotaInvalid],
    ['daily_quota', 100001, 'daily_quota', MSG.quotaInvalid],
    ['daily_quota', 2.5, 'daily_quota', MSG.quotaInvalid],
    ['closed_months', [0], 'closed_months.0', MSG.closedMonthsInvalid],
    ['closed_months', [13], 'closed_months.0', MSG.closedMonthsInvalid],
    ['closed_months', [1.5], 'closed_months.0', MSG.closedMonthsInvalid],
    ['closed_months', [2, 2], 'closed_months', MSG.closedMonthsInvalid],
    ['closed_months', 'febrero', 'closed_months', MSG.closedMonthsInvalid],
    ['closed_months', null, 'closed_months', MSG.closedMonthsInvalid],
    ['facts_source', 'http://www.sernanp.gob.pe', 'facts_source', MSG.factsSourceInvalid],
    ['facts_source', 'javascript:alert(1)', 'facts_source', MSG.factsSourceInvalid],
    ['facts_source', '/relativa', 'facts_source', MSG.factsSourceInvalid],
    ['facts_source', `https://a.pe/${'x'.repeat(500)}`, 'facts_source', MSG.factsSourceInvalid],
    ['facts_checked_on', '2026-03-01', 'facts_checked_on', MSG.factsCheckedOnReadOnly],
  ];
  it.each(refuses)('%s refuses %j', (field, value, path, message) => {
    expect(firstIssue(PlaceUpdateRequestSchema.safeParse({ [field]: value }))).toEqual({ path, message });
  });

  it('create takes the same fields as optional', () => {
    expect(PlaceCreateSchema.shape.fee_pen.safeParse(undefined).success).toBe(true);
    expect(PlaceCreateSchema.shape.closed_months.safeParse(undefined).success).toBe(true);
  });
});

describe('how the facts read', () => {
  it.each([
    [[2], 'Cerrado en febrero'],
    [[1, 2, 3], 'Cerrado de enero a marzo'],
    [[3, 1, 2], 'Cerrado de enero a marzo'],
    [[11, 12, 1, 2], 'Cerrado de noviembre a febrero'],
    [[12, 1], 'Cerrado de diciembre a enero'],
    [[2, 6, 7], 'Cerrado en febrero y de junio a julio'],
    [[1, 5, 9], 'Cerrado en enero, en mayo y en septiembre'],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 'Cerrado todo el año'],
    [[], null],
  ])('months %j: %s', (months, text) => {
    expect(closedMonthsText(months)).toBe(text);
  });

  it('altitude, fee and quota', () => {
    expect(altitudeText(4600)).toBe('Altitud máxima: 4,600 m');
    expect(feeText(30)).toBe('Entrada: S/ 30.00');
    expect(feeText(1520.5)).toBe('Entrada: S/ 1,520.50');
    expect(feeText(0)).toBe('Entrada libre');
    expect(feeText(null)).toBeNull();
    expect(quotaText(500)).toBe('Cupo: 500 personas por día');
    expect(quotaText(1)).toBe('Cupo: 1 persona por día');
  });

  it("'Datos revisados en …' for a year, then 'Datos por confirmar'", () => {
    expect(factsCheckedText('2026-03-10', '2026-11-28')).toBe('Datos revisados en marzo de 2026');
    expect(factsCheckedText('2025-11-28', '2026-11-28')).toBe('Datos revisados en noviembre de 2025');
    expect(factsCheckedText('2025-11-27', '2026-11-28')).toBe('Datos por confirmar');
    expect(factsCheckedText(null, '2026-11-28')).toBe('Datos por confirmar');
  });
});

describe("'Abierto en', 'Entrada libre' and 'Sin agencia' (the table the server also runs)", () => {
  const items = FACTS_CASE_PLACES.map((p) => ({ name: p.name, ...factsFilterFields(p.facts), ...(p.closure && { closed: p.closure }) }));
  it.each(FACTS_CASES)('$filters', ({ filters, names }) => {
    const predicates = factsPredicates(filters, '2026-11-28');
    expect(items.filter((i) => predicates.every((p) => p(i))).map((i) => i.name)).toEqual(names);
  });

  it("'Este mes' is Lima's month", () => {
    const closedInNovember = { closed_months: [11] };
    expect(factsPredicates({ openIn: 'now', free: false, noAgency: false }, '2026-11-28')[0]!(closedInNovember)).toBe(false);
    expect(factsPredicates({ openIn: 'now', free: false, noAgency: false }, '2026-12-01')[0]!(closedInNovember)).toBe(true);
  });

  it('the browsing index carries the three in one integer per place, and only when any is set', () => {
    for (const p of FACTS_CASE_PLACES) expect(unpackFacts(packFacts(factsFilterFields(p.facts)))).toEqual(factsFilterFields(p.facts));
    const entry: PlaceIndexEntry = { _id: '11111111-1111-4111-8111-111111111111', name: 'A', city: 'Lima', difficulty: 'Media', time: [1, 2], time_city: 1, photo: null, rating: 0, comments: 0, created_at: '2026-01-01T00:00:00.000Z', lat: null, lon: null };
    expect(encodePlaceIndex([entry]).facts).toBeUndefined();
    const withFacts = { ...entry, closed_months: [1, 2, 12], fee_free: true as const, needs_agency: true as const };
    const wire = encodePlaceIndex([withFacts, entry]);
    expect(wire.facts).toEqual([0b11100000000011, 0]);
    expect(decodePlaceIndex(wire)).toEqual([withFacts, entry]);
  });

  it('the search parameters: a month 1-12, and the two flags; anything else is 400 naming the parameter', () => {
    expect(PlaceSearchQuerySchema.parse({ open: '2', free: '1', no_agency: 'true' })).toMatchObject({ open: 2, free: true, no_agency: true });
    expect(PlaceSearchQuerySchema.parse({ free: '0', no_agency: 'false' })).toMatchObject({ free: false, no_agency: false });
    expect(PlaceSearchQuerySchema.parse({ free: '' })).toMatchObject({ free: false });
    for (const open of ['0', '13', 'febrero', '2.5', '-1']) expect(firstIssue(PlaceSearchQuerySchema.safeParse({ open }))).toEqual({ path: 'open', message: MSG.searchMonthInvalid });
    for (const flag of ['free', 'no_agency'])
      for (const value of ['no', 'yes', '2', 'TRUE', 'x'.repeat(50)]) expect(firstIssue(PlaceSearchQuerySchema.safeParse({ [flag]: value }))).toEqual({ path: flag, message: MSG.searchFlagInvalid });
  });

  it.each(FACTS_CASES)('the web app asks the server search for $filters with parameters that mean the same', ({ filters }) => {
    const params = factsSearchParams(filters, '2026-11-28');
    const parsed = PlaceSearchQuerySchema.parse(params);
    expect({ openIn: parsed.open ?? null, free: parsed.free ?? false, noAgency: parsed.no_agency ?? false }).toEqual(filters);
  });

  it("'Este mes' goes to the server as Lima's month; nothing set sends nothing", () => {
    expect(factsSearchParams({ openIn: 'now', free: false, noAgency: false }, '2026-02-10')).toEqual({ open: 2 });
    expect(factsSearchParams({ openIn: null, free: false, noAgency: false }, '2026-02-10')).toEqual({});
    expect(factsSearchParams({ openIn: 12, free: true, noAgency: true }, '2026-02-10')).toEqual({ open: 12, free: '1', no_agency: '1' });
  });
});
