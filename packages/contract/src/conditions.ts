/**
 * Trail conditions (docs/product.md#trail-conditions): what a review says about the path on the day it
 * was walked, the 'Estado reciente' summary of the last 30 days, and temporary closures. Pure functions
 * and constants shared by the server (which enforces them) and the web app (which shows them). No zod
 * here: the schemas that use these are in schemas.ts.
 */
import { calendarMonthName } from './lima-date.js';

/** The state of the path a review reports, in the order the form offers them. */
export const TRAIL_CONDITIONS = ['despejado', 'obstaculos', 'peligroso', 'cerrado'] as const;
export type TrailCondition = (typeof TRAIL_CONDITIONS)[number];

export const TRAIL_CONDITION_LABELS: Record<TrailCondition, string> = {
  despejado: 'Sendero despejado',
  obstaculos: 'Con obstáculos',
  peligroso: 'Peligroso',
  cerrado: 'Cerrado',
};

/** Conditions that put the place in the admins' queue 'Reportes del sendero'. */
export const ALARMING_CONDITIONS: readonly TrailCondition[] = ['peligroso', 'cerrado'];

export const TRAIL_HAZARDS = ['barro', 'nieve_hielo', 'derrumbe', 'rio_crecido', 'senalizacion', 'sendero_borrado', 'mal_de_altura', 'inseguridad'] as const;
export type TrailHazard = (typeof TRAIL_HAZARDS)[number];

export const TRAIL_HAZARD_LABELS: Record<TrailHazard, string> = {
  barro: 'Barro',
  nieve_hielo: 'Nieve o hielo',
  derrumbe: 'Derrumbe',
  rio_crecido: 'Río crecido',
  senalizacion: 'Falta señalización',
  sendero_borrado: 'Sendero borrado',
  mal_de_altura: 'Mal de altura',
  inseguridad: 'Inseguridad',
};

/** At most this many hazards per review. */
export const MAX_HAZARDS = 5;
/** A review's `walked_on` may be at most this many years back (and never in the future). */
export const WALKED_ON_MAX_YEARS_BACK = 2;
/**
 * 'Estado reciente' counts reviews walked at most this many days before today, in Lima's calendar:
 * today minus 30 days is in, minus 31 is out.
 */
export const CONDITIONS_WINDOW_DAYS = 30;
export const CLOSURE_NOTE_MIN_LENGTH = 3;
export const CLOSURE_NOTE_MAX_LENGTH = 300;

export { closureInForce, limaDate, PERU_TIME_ZONE } from './lima-date.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** `date` (YYYY-MM-DD) moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The earliest `walked_on` accepted on `today`: the same day two years before (29 February: 1 March). */
export function earliestWalkedOn(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - WALKED_ON_MAX_YEARS_BACK);
  return d.toISOString().slice(0, 10);
}

/** The first day of the 'Estado reciente' window that ends `today`. */
export function conditionsWindowStart(today: string): string {
  return addDays(today, -CONDITIONS_WINDOW_DAYS);
}

/** What a review says about the path, as the summary reads it. */
export interface ConditionReport {
  walked_on: string | null;
  condition: TrailCondition | null;
  hazards: readonly TrailHazard[];
  /** Breaks ties between reports of the same day: the later-written one is the more recent. */
  created_at: string;
}

/** `conditions` of GET /api/place/{id}: the last 30 days' reports, or null when there is none. */
export interface PlaceConditions {
  last_walked_on: string;
  /** The condition of the most recent report that names one (null when none of them does). */
  condition: TrailCondition | null;
  /** Every hazard named by any of the reports, in TRAIL_HAZARDS order. */
  hazards: TrailHazard[];
  reports: number;
}

/**
 * 'Estado reciente' (docs/product.md#trail-conditions): the reviews walked in the window ending `today`
 * (Lima's date), the most recent one's condition (by `walked_on`, then by when it was written), the
 * union of their hazards and how many there are; null when none falls in the window, so an older
 * report is never shown as current. Reviews without `walked_on` do not count.
 */
export function summarizeConditions(reports: readonly ConditionReport[], today: string): PlaceConditions | null {
  const start = conditionsWindowStart(today);
  const recent = reports
    .filter((r): r is ConditionReport & { walked_on: string } => r.walked_on !== null && r.walked_on >= start && r.walked_on <= today)
    .sort((a, b) => (a.walked_on !== b.walked_on ? (a.walked_on < b.walked_on ? 1 : -1) : Date.parse(b.created_at) - Date.parse(a.created_at)));
  if (recent.length === 0) return null;
  const named = new Set(recent.flatMap((r) => r.hazards));
  return {
    last_walked_on: recent[0]!.walked_on,
    condition: recent.find((r) => r.condition !== null)?.condition ?? null,
    hazards: TRAIL_HAZARDS.filter((h) => named.has(h)),
    reports: recent.length,
  };
}

/** A temporary closure as a place carries it. `until` null: until an admin reopens it. */
export interface PlaceClosure {
  until: string | null;
  note: string;
}


/** 'Cerrado temporalmente: <note>', the banner of a closed place. */
export const closureBanner = (note: string) => `Cerrado temporalmente: ${note}`;

/**
 * A calendar date (YYYY-MM-DD) as people read it, as es-PE writes it: '20 de noviembre de 2026'. Written
 * from its digits, not with an Intl format: making that format loads the locale's data, ~150 ms of a 4x
 * slower phone in the render that hydrates a destination's page ('Estado reciente'). `conditions.test.ts`
 * checks it against Intl.
 */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} de ${calendarMonthName(month)} de ${year}`;
}
