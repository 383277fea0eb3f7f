import { formatDistance, placePagePath, UPLOADS_PATH_PREFIX } from '@sendero/contract';
import { LINK_PREVIEW_SUFFIX } from '@/uploads/pipeline.js';
import type { SharedPlace } from '@/services/place-share.js';

/**
 * The meta tags of a page's <head> (docs/product.md#sharing), as HTML text. Pure functions: every value
 * that comes from data or from the request is escaped here, in one place.
 *
 * - Every page: <title>, description, og:site_name 'Sendero', og:locale 'es_PE', og:type, og:title,
 *   og:description, og:url and <link rel=canonical>.
 * - A verified destination's page: its name and description, its first photo (absolute URL, size), a
 *   large-image Twitter card, and JSON-LD TouristAttraction (a data block, not a script: the CSP's
 *   "no inline scripts" is unaffected).
 */

export const SITE_NAME = 'Sendero';
export const OG_LOCALE = 'es_PE';
export const DESCRIPTION_MAX = 160;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in element content and in double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The reverse of the few entities a hand-written index.html uses in its title and description. */
export function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]!);
}

/**
 * JSON inside <script type="application/ld+json">: `<`, `>` and `&` as \u escapes so no value can close
 * the element or open a comment; U+2028/2029 escaped for old parsers. JSON.parse gives the same values.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Whitespace collapsed, then at most 160 characters (whole code points: no half emoji). A longer text is
 * cut at the end of a word, never inside one, and ends with '…' (a preview reads "...entre nevados…",
 * not "...entre nev"); a single word longer than that is cut where it must.
 */
export function metaDescription(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(collapsed);
  if (chars.length <= DESCRIPTION_MAX) return collapsed;
  // Room for the ellipsis; the character after the cut tells whether the cut is between words.
  const head = chars.slice(0, DESCRIPTION_MAX - 1);
  const space = chars[DESCRIPTION_MAX - 1] === ' ' ? head.length : head.lastIndexOf(' ');
  const words = space > 0 ? head.slice(0, space) : head;
  return `${words.join('').replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** An absolute URL on this site (PUBLIC_URL without a trailing slash + a path), normalised by URL. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return new URL(pathOrUrl).href;
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}

const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

export interface GenericPage {
  title: string;
  description: string;
}

function commonTags(title: string, ogTitle: string, description: string, canonical: string): string[] {
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', OG_LOCALE),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', ogTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
  ];
}

/** Any page but a verified destination's: the site's title and description with this page's address. */
export function genericHead(page: GenericPage, publicUrl: string, pathname: string): string {
  return commonTags(page.title, page.title, page.description, absoluteUrl(publicUrl, pathname)).join('\n    ');
}

/**
 * An uploaded photo (`/uploads/<hash>.webp`) as link previews get it: its JPEG copy `<hash>-og.jpg`
 * (routes/uploaded-files.ts makes it on first request), since not every preview shows WebP. Same size.
 */
export function linkPreviewPhoto(photo: string): string {
  return photo.startsWith(UPLOADS_PATH_PREFIX) && photo.endsWith('.webp') ? `${photo.slice(0, -'.webp'.length)}${LINK_PREVIEW_SUFFIX}` : photo;
}

/** A verified destination's page. */
export function placeHead(place: SharedPlace, publicUrl: string): string {
  const { preview } = place;
  const canonical = absoluteUrl(publicUrl, placePagePath(preview._id));
  const description = metaDescription(place.description);
  // og:title is the name alone: a preview shows og:site_name beside it.
  const tags = commonTags(`${preview.name} · ${SITE_NAME}`, preview.name, description, canonical);
  const image = preview.photo ? absoluteUrl(publicUrl, linkPreviewPhoto(preview.photo)) : null;
  if (image) {
    tags.push(meta('property', 'og:image', image));
    if (image.startsWith('https:')) tags.push(meta('property', 'og:image:secure_url', image));
    const type = /\.webp$/i.test(new URL(image).pathname) ? 'image/webp' : /\.jpe?g$/i.test(new URL(image).pathname) ? 'image/jpeg' : null;
    if (type) tags.push(meta('property', 'og:image:type', type));
    if (place.photoSize) {
      tags.push(meta('property', 'og:image:width', String(place.photoSize.width)));
      tags.push(meta('property', 'og:image:height', String(place.photoSize.height)));
    }
    tags.push(meta('property', 'og:image:alt', preview.name));
  }
  tags.push(meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'));
  tags.push(meta('name', 'twitter:title', preview.name));
  tags.push(meta('name', 'twitter:description', description));
  if (image) tags.push(meta('name', 'twitter:image', image));

  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'TouristAttraction',
    name: preview.name,
    description,
    url: canonical,
    ...(image && { image }),
    address: { '@type': 'PostalAddress', addressLocality: preview.city },
    // "A N horas de Ciudad": how far it is from its city, as the cards say it.
    disambiguatingDescription: formatDistance(preview.time_city, preview.city),
    ...(preview.comments > 0 && {
      aggregateRating: { '@type': 'AggregateRating', ratingValue: preview.rating, reviewCount: preview.comments, bestRating: 5, worstRating: 1 },
    }),
  };
  tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  return tags.join('\n    ');
}
