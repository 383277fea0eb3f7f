import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  MSG,
  UPLOAD_LONGEST_SIDE,
  UPLOAD_MAX_PIXELS,
  UPLOAD_VARIANT_WIDTHS,
  UPLOADS_PATH_PREFIX,
} from '@sendero/contract';
import { AppError, unsupportedMedia } from '@/errors.js';

/** The image formats we accept (docs/product.md#images). AVIF is decoded by sharp as `heif` with AV1 compression. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** One file to store: its storage key (also its name under /uploads/) and bytes. */
export interface ImageFile {
  key: string;
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** sha256 of the main WebP file: every file name derives from it. */
  hash: string;
  /** `/uploads/<hash>.webp` */
  url: string;
  width: number;
  height: number;
  /** Size of the main file. */
  bytes: number;
  sourceFormat: ImageFormat;
  /** The main file first, then the 400 and 800 px wide variants. */
  files: ImageFile[];
}

const WEBP_QUALITY = 80;
/** sharp's own refusal, on top of our header check: a crafted header cannot make it decode more. */
const SHARP_INPUT = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', pages: 1 } as const;

const tooManyPixels = () => new AppError(413, 'PAYLOAD_TOO_LARGE', MSG.imageTooManyPixels);

/**
 * Recognise the format by the first bytes. Names and declared content types are never trusted:
 * a text file called `photo.jpg` is refused here before any decoder sees it.
 */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  // ISO-BMFF: [size][ftyp][major brand][minor version][compatible brands...]
  if (buf.length >= 16 && buf.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = buf.readUInt32BE(0);
    const end = Math.min(buf.length, boxSize >= 16 ? boxSize : 16);
    const brands = [buf.toString('latin1', 8, 12)];
    for (let i = 16; i + 4 <= end; i += 4) brands.push(buf.toString('latin1', i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

function formatMatches(sniffed: ImageFormat, meta: Metadata): boolean {
  if (sniffed === 'avif') return meta.format === 'heif' && meta.compression === 'av1';
  return meta.format === sniffed;
}

/**
 * Validate and re-encode an uploaded image (docs/product.md#images): recognised by content, at most 40
 * megapixels, turned upright by its EXIF orientation, every metadata block dropped (no GPS ever
 * leaves the server), re-encoded to WebP with the longest side <= 1600 px, plus 400 and 800 px wide
 * variants. Throws AppError 415 for anything that is not an accepted image, 413 for too many pixels.
 */
export interface ProcessOptions {
  /** libwebp effort 0-6 (default 4). The seed draws flat pictures and uses a lower one to start fast. */
  effort?: number;
}

/** The first bytes of a file, enough to recognise its format. */
async function fileHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(256);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** `input`: the image's bytes, or the path of a file holding them (libvips then reads the file itself). */
export async function processImage(input: Buffer | string, options: ProcessOptions = {}): Promise<ProcessedImage> {
  const webp = { quality: WEBP_QUALITY, effort: options.effort ?? 4 };
  const sourceFormat = sniffImageFormat(typeof input === 'string' ? await fileHead(input) : input);
  if (!sourceFormat) throw unsupportedMedia(MSG.invalidImage);

  let meta: Metadata;
  try {
    // Header only: no pixel is decoded here, so the size check below can name the real reason.
    meta = await sharp(input, { ...SHARP_INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMedia(MSG.invalidImage);
  }
  if (!formatMatches(sourceFormat, meta) || !meta.width || !meta.height) throw unsupportedMedia(MSG.invalidImage);
  // Checked from the header, before decoding a single pixel: a 20000x20000 bomb costs milliseconds.
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw tooManyPixels();

  // Decoded once (shrink-on-load makes big JPEGs cheap), upright and at most 1600 px, into pixels that
  // the main WebP and both variants are encoded from: no file is decoded twice, and the variants carry no
  // second generation of WebP loss. 15 % less time per photo than encoding the variants from the main
  // file (a 3 MP JPEG: 326 ms against 385 ms, median of 8, one libvips thread), so more photos a minute
  // on one core (docs/decisions/039-uploads-admitted-by-expected-wait.md). This runs in the image process
  // (decision 36): the 5.8 MB of pixels of a 1600x1200 photo are that process's buffer, never the
  // server's heap (decision 35). Nothing is written with metadata (sharp writes none unless asked).
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, SHARP_INPUT)
      .autoOrient()
      .resize({ width: UPLOAD_LONGEST_SIDE, height: UPLOAD_LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw unsupportedMedia(MSG.invalidImage);
  }
  const { width, height, channels } = pixels.info;
  const fromPixels = () => sharp(pixels.data, { raw: { width, height, channels } });
  const mainData = await fromPixels().webp(webp).toBuffer();
  const hash = createHash('sha256').update(mainData).digest('hex');

  // One encode at a time: in parallel they took every core for a moment and other people's requests
  // waited behind them (docs/architecture.md#uploads).
  const variants: ProcessedImage['files'] = [];
  for (const variantWidth of UPLOAD_VARIANT_WIDTHS) {
    const { data, info } = await fromPixels()
      .resize({ width: variantWidth, withoutEnlargement: true })
      .webp(webp)
      .toBuffer({ resolveWithObject: true });
    variants.push({ key: `${hash}-${variantWidth}.webp`, data, width: info.width, height: info.height });
  }

  return {
    hash,
    url: uploadUrl(`${hash}.webp`),
    width,
    height,
    bytes: mainData.length,
    sourceFormat,
    files: [{ key: `${hash}.webp`, data: mainData, width, height }, ...variants],
  };
}

export function uploadUrl(key: string): string {
  return `${UPLOADS_PATH_PREFIX}${key}`;
}

/** The name of an upload's link-preview copy: `<hash>.webp` -> `<hash>-og.jpg` (docs/product.md#sharing). */
export const LINK_PREVIEW_SUFFIX = '-og.jpg';

/**
 * The JPEG copy of an upload that link previews use as og:image: WhatsApp, Facebook and others do not
 * all show WebP. Made from the stored WebP the first time a preview asks for it, then stored.
 */
export async function linkPreviewJpeg(webp: Buffer): Promise<Buffer> {
  return sharp(webp, SHARP_INPUT).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
