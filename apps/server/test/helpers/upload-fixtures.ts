import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { API, type Place, type PlaceCreate, type UploadPreset, type UploadResponse } from '@sendero/contract';
import { eq } from 'drizzle-orm';
import { uploads } from '@/db/schema.js';
import type { TestApp } from './app.js';
import { api, type ErrorBody } from './client.js';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipart(
  data: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sendero${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'foto.png'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A JPEG of noise, which does not compress: decoding and encoding it take as long as a real photo's. */
export async function noisePhoto(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

let colour = 0;
/** A small PNG, a different one on every call (so content hashes differ). */
export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  colour = (colour + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: colour, g: 120, b: 255 - colour } } })
    .png()
    .toBuffer();
}

/** POST /api/upload/:preset of one file as `token`'s user: `{ url }` when stored, else the error shape. */
export async function upload(t: TestApp, token: string, data: Buffer, preset: UploadPreset = 'place', options: Parameters<typeof multipart>[1] = {}) {
  const body = multipart(data, options);
  return api(t, token).request<UploadResponse & ErrorBody>({ method: 'POST', url: API.upload(preset), headers: body.headers, payload: body.payload });
}

/**
 * Records that `userIds` uploaded the image at `url` too (content-addressed: the same picture uploaded by
 * several people has one URL and one `uploads` row each). A photo must be the caller's own upload.
 */
export async function shareUpload(t: TestApp, url: string, ...userIds: string[]): Promise<void> {
  const [row] = await t.db.select().from(uploads).where(eq(uploads.url, url)).limit(1);
  if (!row) throw new Error(`no upload ${url}`);
  const { id: _id, createdAt: _createdAt, ...rest } = row;
  await t.db.insert(uploads).values(userIds.map((idUser) => ({ ...rest, idUser })));
}

/** Uploads a fresh image and returns its URL. */
export async function uploadedUrl(t: TestApp, token: string, preset: UploadPreset = 'place'): Promise<string> {
  const res = await upload(t, token, await pngImage(), preset);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.url;
}

export function placeInput(photos: string[], overrides: Partial<PlaceCreate> = {}): PlaceCreate {
  return {
    name: 'Laguna de prueba',
    city: 'Lima',
    difficulty: 'Media',
    capacity: 20,
    time: [2, 4],
    time_city: 3,
    photos,
    description: 'Una laguna tranquila entre cerros.',
    how_to_get: 'Bus hasta el pueblo y luego a pie.',
    tips: 'Lleva agua y casaca.',
    ...overrides,
  };
}

/** Creates a place as `token`'s user (unverified), optionally verified by `adminToken`. */
export async function createPlace(
  t: TestApp,
  token: string,
  overrides: Partial<PlaceCreate> = {},
  options: { verifyWith?: string } = {},
): Promise<Place> {
  const photos = overrides.photos ?? [await uploadedUrl(t, token)];
  const res = await api(t, token).post<Place>(API.placeCreate, placeInput(photos, overrides));
  if (res.status !== 201) throw new Error(`create place failed: ${res.status} ${res.text}`);
  let place = res.body;
  if (options.verifyWith) {
    const v = await api(t, options.verifyWith).put<Place>(API.placeVerified(place._id));
    if (v.status !== 200) throw new Error(`verify failed: ${v.status} ${v.text}`);
    place = v.body;
  }
  return place;
}
