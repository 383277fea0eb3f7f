import { MSG, UPLOAD_MAX_BYTES } from '@sendero/contract';

/**
 * Quick checks before sending a file; the server checks the content again (docs/product.md#images).
 * `checkSize` is off for cropped uploads, whose size is that of the re-drawn canvas.
 */
export function checkImageFile(file: File, checkSize: boolean): string | null {
  if (file.type && !file.type.startsWith('image/')) return MSG.invalidImage;
  if (checkSize && file.size > UPLOAD_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}
