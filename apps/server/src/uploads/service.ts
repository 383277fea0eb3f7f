import type { UploadPreset, UploadResponse } from '@sendero/contract';
import { uploads } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import type { Storage } from '@/storage/storage.js';
import type { ImageProcess } from './image-process.js';
import type { ProcessedImage } from './pipeline.js';
import type { ImageQueue } from './queue.js';

const WEBP_CONTENT_TYPE = 'image/webp';

/**
 * Write every file of a processed image through the storage interface. Same content, same names.
 * (Here rather than beside the pipeline: the server itself never loads sharp; decision 36.)
 */
export async function storeImage(storage: Storage, image: ProcessedImage): Promise<void> {
  await Promise.all(image.files.map((f) => storage.put(f.key, f.data, WEBP_CONTENT_TYPE)));
}

export interface SaveUploadInput {
  userId: string;
  preset: UploadPreset;
  /** The image's bytes, or the path of a file holding them. */
  data: Buffer | string;
}

/**
 * Process an uploaded image, write its files through the storage and record it in `uploads`.
 * Files are written before the row, so a recorded URL always has its files (content-addressed
 * names make a repeated upload rewrite the same bytes).
 */
export async function saveUpload(db: Db, storage: Storage, input: SaveUploadInput, images: ImageProcess, queue: ImageQueue): Promise<UploadResponse> {
  // Decoding and encoding, in the image process, wait for a slot of the image queue (503 when it is full).
  const image = await queue.run(() => images.process(input.data));
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
