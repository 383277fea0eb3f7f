/** Text helpers shared by the server (display names) and the web app (headings, search). */
import { calendarMonthName, limaClock } from './lima-date.js';

/** First whitespace-separated word, as the screens use for greetings and titles (docs/product.md). */
export function firstWord(text: string): string {
  return text.trim().split(/\s+/)[0] ?? '';
}

/** "Ana María" + "Pérez Soto" -> "Ana Pérez" (docs/product.md#reviews `name` of a review). */
export function shortName(firstname: string, lastname: string): string {
  return [firstWord(firstname), firstWord(lastname)].filter(Boolean).join(' ');
}

/** Accent- and case-insensitive form used by every search. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** 'X - Y horas' for a walking time pair. */
export function formatWalkingTime(time: readonly [number, number]): string {
  return `${time[0]} - ${time[1]} horas`;
}

/** 'A {time_city} horas de {city}'. */
export function formatDistance(timeCity: number, city: string): string {
  return `A ${timeCity} horas de ${city}`;
}

/*
 * Numbers as written in Peru (es-PE: '1,234', '4.5'), without Intl where the plain digits already are
 * that: the first Intl number format of a page loads the locale's data, ~100 ms of a 4x slower phone in
 * the render that hydrates a destination's page (its rating and review count). `text.test.ts` checks
 * these against Intl.
 */

/** An integer grouped as es-PE does: '999', '1,234'. */
function formatCount(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : n.toLocaleString('es-PE');
}

/** How many destinations match, as the search screen says it: '1 destino', '1,234 destinos'; 'Más de 1,000 destinos' when the count stopped at n. */
export function formatMatchCount(n: number, moreThan = false): string {
  if (moreThan) return `Más de ${formatCount(n)} destinos`;
  return n === 1 ? '1 destino' : `${formatCount(n)} destinos`;
}

/**
 * A place's mean rating as the screens show it, one decimal, as written in Peru: '4.5', '4.0'. Rounded
 * half up on the number's shortest decimal form, as Intl does (0.15 is '0.2', where toFixed says '0.1').
 */
export function formatRating(rating: number): string {
  const digits = /^(\d+)(?:\.(\d)(\d*))?$/.exec(String(rating));
  if (!digits) return rating.toLocaleString('es-PE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const tenths = Math.round(Number(`${digits[1]}${digits[2] ?? '0'}.${digits[3] || '0'}`));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** How many reviews a place has: '1 reseña', '12 reseñas'. */
export function formatReviewCount(n: number): string {
  return n === 1 ? '1 reseña' : `${formatCount(n)} reseñas`;
}

/** The weekdays as Spanish writes them, Sunday first (Date's getUTCDay). */
const WEEKDAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;

/**
 * An outing's start in Spanish for Peru, in Lima time whatever the device's zone
 * (docs/product.md#outings): 'sábado, 5 de diciembre, 6:00 a. m.'; the year is added when it is not
 * the current one in Lima ('domingo, 5 de diciembre de 2027, 6:00 a. m.'). Written as es-PE's Intl
 * format writes it, from Lima's clock (UTC-5 all year), without one: making it loaded the locale's and
 * the zone's data, ~150 ms of a 4x slower phone in the render of a destination's outings
 * (`text.test.ts` checks it against Intl).
 */
export function formatOutingDate(iso: string | Date, now: Date = new Date()): string {
  const at = limaClock(new Date(iso).getTime());
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  const sameYear = at.getUTCFullYear() === limaClock(now.getTime()).getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const hour = at.getUTCHours();
  const minutes = String(at.getUTCMinutes()).padStart(2, '0');
  return (
    `${WEEKDAY_NAMES[at.getUTCDay()]}, ${at.getUTCDate()} de ${calendarMonthName(month)}${sameYear ? '' : ` de ${at.getUTCFullYear()}`}, ` +
    `${hour % 12 || 12}:${minutes} ${hour < 12 ? 'a. m.' : 'p. m.'}`
  );
}

/** What is left of an outing: 'Quedan 4 cupos', and 'Queda 1 cupo' (Spanish agreement for one). */
export function formatSpotsLeft(left: number): string {
  return left === 1 ? 'Queda 1 cupo' : `Quedan ${left} cupos`;
}
