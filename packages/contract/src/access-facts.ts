import { closureInForce, limaDate, MONTH_NAMES } from './lima-date.js';
import type { FactsFilterable, FactsFilterFields } from './facts-bits.js';

export { packFacts, unpackFacts, type FactsFilterable, type FactsFilterFields } from './facts-bits.js';

/**
 * Access facts (docs/product.md#access-facts): the highest point, the entry fee, who may enter, the
 * daily quota, the months closed, their source and when they were last checked. Pure functions and
 * texts shared by the server, the web app and their tests.
 */

export const ALTITUDE_MAX_M = 7000;
export const FEE_MAX_PEN = 10000;
export const DAILY_QUOTA_MAX = 100000;
export const FACTS_SOURCE_MAX_LENGTH = 500;
/** Facts checked longer ago than this read 'Datos por confirmar'. */
export const FACTS_FRESH_DAYS = 365;

export const ACCESS_KINDS = ['libre', 'boleto', 'boleto_en_linea', 'con_guia', 'solo_agencia', 'permiso_con_cupo'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const ACCESS_LABELS: Record<AccessKind, string> = {
  libre: 'Acceso libre',
  boleto: 'Boleto en la entrada',
  boleto_en_linea: 'Boleto en línea',
  con_guia: 'Guía obligatorio',
  solo_agencia: 'Solo con agencia autorizada',
  permiso_con_cupo: 'Permiso con cupo diario',
};

/** The kinds 'Sin agencia' keeps (with an unknown access). */
export const ACCESS_WITHOUT_AGENCY: readonly AccessKind[] = ['libre', 'boleto', 'boleto_en_linea'];

export { MONTH_NAMES } from './lima-date.js';
export const monthName = (month: number): string => MONTH_NAMES[month - 1] ?? '';

/** The access facts a place carries (all optional on the wire; null means unknown). */
export interface AccessFacts {
  altitude_m: number | null;
  fee_pen: number | null;
  access: AccessKind | null;
  daily_quota: number | null;
  closed_months: number[];
  facts_source: string | null;
}
export const ACCESS_FACT_FIELDS = ['altitude_m', 'fee_pen', 'access', 'daily_quota', 'closed_months', 'facts_source'] as const satisfies readonly (keyof AccessFacts)[];

export const NO_FACTS: AccessFacts = { altitude_m: null, fee_pen: null, access: null, daily_quota: null, closed_months: [], facts_source: null };

/** True when any fact is known (a list of closed months counts when not empty). */
export function hasAnyFact(facts: AccessFacts): boolean {
  return (
    facts.altitude_m !== null ||
    facts.fee_pen !== null ||
    facts.access !== null ||
    facts.daily_quota !== null ||
    facts.closed_months.length > 0 ||
    facts.facts_source !== null
  );
}

/** Whether two sets of facts say the same (months compared as sets). */
export function sameFacts(a: AccessFacts, b: AccessFacts): boolean {
  const months = (m: readonly number[]) => [...m].sort((x, y) => x - y).join(',');
  return (
    a.altitude_m === b.altitude_m &&
    a.fee_pen === b.fee_pen &&
    a.access === b.access &&
    a.daily_quota === b.daily_quota &&
    months(a.closed_months) === months(b.closed_months) &&
    a.facts_source === b.facts_source
  );
}

/** At most two decimals (a float's representation error aside). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** An absolute https:// URL with a host (never http:, javascript: or a relative path). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// How the detail's 'Acceso' block says them
// ---------------------------------------------------------------------------------------------

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const altitudeText = (m: number) => `Altitud máxima: ${thousands(m)} m`;

/** 'Entrada: S/ 30.00', 'Entrada libre' (0); null when unknown. */
export function feeText(fee: number | null): string | null {
  if (fee === null) return null;
  if (fee === 0) return 'Entrada libre';
  const [whole, cents] = fee.toFixed(2).split('.');
  return `Entrada: S/ ${thousands(Number(whole))}.${cents}`;
}

export const quotaText = (quota: number) => `Cupo: ${thousands(quota)} ${quota === 1 ? 'persona' : 'personas'} por día`;

/** Runs of consecutive months, a run through December going on into January. */
export function monthRuns(months: readonly number[]): [number, number][] {
  const closed = new Set(months.filter((m) => m >= 1 && m <= 12));
  if (closed.size === 0 || closed.size === 12) return [];
  const runs: [number, number][] = [];
  for (let m = 1; m <= 12; m++) {
    const previous = m === 1 ? 12 : m - 1;
    if (!closed.has(m) || closed.has(previous)) continue;
    let end = m;
    while (closed.has((end % 12) + 1)) end = (end % 12) + 1;
    runs.push([m, end]);
  }
  return runs;
}

/**
 * The closed months in words: 'Cerrado en febrero', 'Cerrado de enero a marzo', 'Cerrado de noviembre
 * a febrero', 'Cerrado en febrero y de junio a julio', 'Cerrado todo el año'; null when open all year.
 */
export function closedMonthsText(months: readonly number[]): string | null {
  const distinct = new Set(months.filter((m) => m >= 1 && m <= 12));
  if (distinct.size === 0) return null;
  if (distinct.size === 12) return 'Cerrado todo el año';
  const parts = monthRuns([...distinct]).map(([from, to]) => (from === to ? `en ${monthName(from)}` : `de ${monthName(from)} a ${monthName(to)}`));
  const joined = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)!}`;
  return `Cerrado ${joined}`;
}

export const FACTS_UNCONFIRMED = 'Datos por confirmar';

/** Days from one calendar date to another (YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'Datos revisados en marzo de 2026'; never checked or more than 365 days ago: 'Datos por confirmar'. */
export function factsCheckedText(checkedOn: string | null, today: string = limaDate()): string {
  if (checkedOn === null || daysBetween(checkedOn, today) > FACTS_FRESH_DAYS) return FACTS_UNCONFIRMED;
  const [year, month] = checkedOn.split('-');
  return `Datos revisados en ${monthName(Number(month))} de ${year}`;
}

// ---------------------------------------------------------------------------------------------
// The search page's filters: 'Abierto en', 'Entrada libre', 'Sin agencia'
// ---------------------------------------------------------------------------------------------

export const OPEN_IN_LABEL = 'Abierto en';
export const OPEN_IN_EMPTY_LABEL = 'Cualquier mes';
export const OPEN_IN_NOW_LABEL = 'Este mes';
export const FREE_ENTRY_LABEL = 'Entrada libre';
export const NO_AGENCY_LABEL = 'Sin agencia';

/** 'Abierto en': a month 1-12, 'now' (this month in Lima, 'Este mes'), or null for any. */
export type OpenIn = number | 'now' | null;

/** Lima's month (1-12) on `today` (YYYY-MM-DD). */
export const monthOf = (today: string): number => Number(today.slice(5, 7));

/** The month 'Abierto en' means on `today`, or null. */
export function openInMonth(openIn: OpenIn, today: string = limaDate()): number | null {
  if (openIn === null) return null;
  return openIn === 'now' ? monthOf(today) : openIn;
}

export interface FactsFilters {
  openIn: OpenIn;
  free: boolean;
  noAgency: boolean;
}

/**
 * The three filters over one item: 'Abierto en' keeps places with unknown months and drops those
 * closed that month or temporarily closed today (until the closure's date has passed); 'Entrada
 * libre' keeps only a known fee of 0; 'Sin agencia' drops only the agency, guide and permit kinds.
 */
export function factsPredicates(filters: FactsFilters, today: string = limaDate()): ((item: FactsFilterable) => boolean)[] {
  const out: ((item: FactsFilterable) => boolean)[] = [];
  const month = openInMonth(filters.openIn, today);
  if (month !== null) out.push((item) => !closureInForce(item.closed, today) && !(item.closed_months?.includes(month) ?? false));
  if (filters.free) out.push((item) => item.fee_free === true);
  if (filters.noAgency) out.push((item) => item.needs_agency !== true);
  return out;
}

/**
 * The three filters as GET /api/place/search's parameters (docs/product.md#access-facts): `open`, the
 * month ('Este mes' as this month in Lima, so the server and the browser mean the same month), and the
 * flags as `1`; each absent when off. The web app's server search sends these; the server test runs the
 * table of cases through them.
 */
export type FactsSearchParams = { open?: number; free?: '1'; no_agency?: '1' };
export function factsSearchParams(filters: FactsFilters, today: string = limaDate()): FactsSearchParams {
  const month = openInMonth(filters.openIn, today);
  return {
    ...(month !== null && { open: month }),
    ...(filters.free && { free: '1' as const }),
    ...(filters.noAgency && { no_agency: '1' as const }),
  };
}

export const needsAgency = (access: AccessKind | null): boolean => access !== null && !ACCESS_WITHOUT_AGENCY.includes(access);

/** The index entry's filter fields from the facts (absent when they say nothing). */
export function factsFilterFields(facts: Pick<AccessFacts, 'fee_pen' | 'access' | 'closed_months'>): FactsFilterFields {
  return {
    ...(facts.closed_months.length > 0 && { closed_months: [...facts.closed_months].sort((a, b) => a - b) }),
    ...(facts.fee_pen === 0 && { fee_free: true as const }),
    ...(needsAgency(facts.access) && { needs_agency: true as const }),
  };
}

// ---------------------------------------------------------------------------------------------
// One table of cases for both sides (contract tests and the server's SQL search)
// ---------------------------------------------------------------------------------------------

/** A closure in force (far future), one without a date, and one whose date has passed. */
export const FACTS_CASE_PLACES = [
  { name: 'Siempre abierto', facts: { ...NO_FACTS, fee_pen: 0, access: 'libre' as AccessKind }, closure: null },
  { name: 'Sin datos', facts: NO_FACTS, closure: null },
  { name: 'Cerrado en febrero', facts: { ...NO_FACTS, fee_pen: 152, access: 'permiso_con_cupo' as AccessKind, daily_quota: 500, closed_months: [2] }, closure: null },
  { name: 'Cerrado de noviembre a febrero', facts: { ...NO_FACTS, fee_pen: 0, access: 'solo_agencia' as AccessKind, closed_months: [11, 12, 1, 2] }, closure: null },
  { name: 'Boleto', facts: { ...NO_FACTS, fee_pen: 30, access: 'boleto' as AccessKind }, closure: null },
  { name: 'Con guía', facts: { ...NO_FACTS, fee_pen: 0, access: 'con_guia' as AccessKind, closed_months: [6] }, closure: null },
  { name: 'Cierre vigente', facts: { ...NO_FACTS, fee_pen: 0, access: 'libre' as AccessKind }, closure: { until: '2999-12-31' } },
  { name: 'Cierre sin fecha', facts: NO_FACTS, closure: { until: null } },
  { name: 'Cierre pasado', facts: { ...NO_FACTS, access: 'boleto_en_linea' as AccessKind }, closure: { until: '2000-01-01' } },
] as const satisfies readonly { name: string; facts: AccessFacts; closure: { until: string | null } | null }[];

export type FactsCaseName = (typeof FACTS_CASE_PLACES)[number]['name'];
const ALL_FACT_CASES = FACTS_CASE_PLACES.map((p) => p.name);

/** `openIn` is always a month here, so the table does not depend on today. */
export const FACTS_CASES: ReadonlyArray<{ filters: FactsFilters; names: readonly FactsCaseName[] }> = [
  { filters: { openIn: null, free: false, noAgency: false }, names: ALL_FACT_CASES },
  // 'Abierto en': unknown months kept; closed that month, or closed today, dropped; a passed closure kept.
  { filters: { openIn: 2, free: false, noAgency: false }, names: ['Siempre abierto', 'Sin datos', 'Boleto', 'Con guía', 'Cierre pasado'] },
  { filters: { openIn: 12, free: false, noAgency: false }, names: ['Siempre abierto', 'Sin datos', 'Cerrado en febrero', 'Boleto', 'Con guía', 'Cierre pasado'] },
  { filters: { openIn: 6, free: false, noAgency: false }, names: ['Siempre abierto', 'Sin datos', 'Cerrado en febrero', 'Cerrado de noviembre a febrero', 'Boleto', 'Cierre pasado'] },
  { filters: { openIn: 3, free: false, noAgency: false }, names: ['Siempre abierto', 'Sin datos', 'Cerrado en febrero', 'Cerrado de noviembre a febrero', 'Boleto', 'Con guía', 'Cierre pasado'] },
  // 'Entrada libre': only a known fee of 0.
  { filters: { openIn: null, free: true, noAgency: false }, names: ['Siempre abierto', 'Cerrado de noviembre a febrero', 'Con guía', 'Cierre vigente'] },
  // 'Sin agencia': libre, boleto, boleto_en_linea or unknown.
  { filters: { openIn: null, free: false, noAgency: true }, names: ['Siempre abierto', 'Sin datos', 'Boleto', 'Cierre vigente', 'Cierre sin fecha', 'Cierre pasado'] },
  // All three.
  { filters: { openIn: 2, free: true, noAgency: true }, names: ['Siempre abierto'] },
  { filters: { openIn: 6, free: true, noAgency: true }, names: ['Siempre abierto'] },
  { filters: { openIn: 1, free: false, noAgency: true }, names: ['Siempre abierto', 'Sin datos', 'Boleto', 'Cierre pasado'] },
];
