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

/** The first bytes of the image formats a phone gives (JPEG, PNG, GIF, WebP, BMP, HEIC/AVIF). */
function hasImageSignature(b: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    (b[0] === 0x89 && ascii(1, 4) === 'PNG') ||
    ascii(0, 4) === 'GIF8' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    ascii(0, 2) === 'BM' ||
    ascii(4, 8) === 'ftyp'
  );
}

/**
 * Whether the file really is an image this browser can draw, before the cropper opens on it: a PDF
 * renamed '.jpg' (its type then says image/jpeg) would show a broken image there. Its first bytes must
 * be an image format's, and the browser must decode it (createImageBitmap, where there is one).
 */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  if (!hasImageSignature(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return false;
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch (e) {
    // A content that does not decode rejects with a DOMException ('InvalidStateError'); a TypeError
    // means this browser (or test DOM) would not take the file at all, and the signature stands.
    return e instanceof TypeError;
  }
}
