import { UPLOADS_PATH_PREFIX, UPLOAD_VARIANT_WIDTHS } from '@sendero/contract';

/**
 * Uploads are stored as `/uploads/<hash>.webp` with `-400` and `-800` variants (docs/product.md#images).
 * Other URLs (sample data, external images) have no variants and are used as they are.
 */
const UPLOAD_RE = /^(.*\/uploads\/[^/?#]+)\.webp$/;

function uploadBase(url: string): string | null {
  if (!url.includes(UPLOADS_PATH_PREFIX)) return null;
  return UPLOAD_RE.exec(url)?.[1] ?? null;
}

/** The URL of the `width` px variant of an upload, or the URL itself when it has no variants. */
export function imageVariant(url: string, width: (typeof UPLOAD_VARIANT_WIDTHS)[number]): string {
  const base = uploadBase(url);
  return base ? `${base}-${width}.webp` : url;
}

/** A `srcset` with the 400 and 800 px variants (undefined when the image has none). */
export function imageSrcSet(url: string): string | undefined {
  const base = uploadBase(url);
  if (!base) return undefined;
  return UPLOAD_VARIANT_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', ');
}
