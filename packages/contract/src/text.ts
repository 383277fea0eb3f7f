/** Text helpers shared by the server (display names) and the web app (headings, search). */

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

/** How many destinations match, as the search screen says it: '1 destino', '1,234 destinos'. */
export function formatMatchCount(n: number): string {
  return n === 1 ? '1 destino' : `${n.toLocaleString('es-PE')} destinos`;
}
