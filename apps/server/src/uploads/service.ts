import { MSG, type UploadPreset, type UploadResponse } from '@sendero/contract';
import { uploads } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { badRequest } from '@/errors.js';
import { isOwnUpload } from '@/services/uploads-registry.js';
import type { Storage } from '@/storage/storage.js';
import { processImage, storeImage } from './pipeline.js';

export interface SaveUploadInput {
  userId: string;
  preset: UploadPreset;
  data: Buffer;
}

/**
 * Process an uploaded image, write its files through the storage and record it in `uploads`.
 * Files are written before the row, so a recorded URL always has its files (content-addressed
 * names make a repeated upload rewrite the same bytes).
 */
export async function saveUpload(db: Db, storage: Storage, input: SaveUploadInput): Promise<UploadResponse> {
  const image = await processImage(input.data);
  await storeImage(storage, image);
  await db.insert(uploads).values({
    idUser: input.userId,
    preset: input.preset,
    key: image.hash,
    url: image.url,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
  });
  return { url: image.url, secure_url: image.url, width: image.width, height: image.height };
}

/** 400 with MSG.uploadNotOurs on `field` unless every URL is an upload of this server. */
export async function assertOwnUploads(db: Db | Tx, urls: readonly string[], field: string): Promise<void> {
  for (const url of new Set(urls)) {
    if (!(await isOwnUpload(db, url))) throw badRequest(MSG.uploadNotOurs, { [field]: MSG.uploadNotOurs });
  }
}
