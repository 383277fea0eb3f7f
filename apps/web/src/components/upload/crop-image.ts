import { UPLOAD_LONGEST_SIDE } from '@sendero/contract';

/** A crop rectangle in the image's natural pixels (react-easy-crop's `croppedAreaPixels`). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image decode failed'));
    img.src = src;
  });
}

/**
 * Draws `area` of the image at `src` on a canvas (longest side capped at the server's limit, so
 * a 30 MB camera photo becomes a small upload) and returns it as a JPEG blob.
 * Returns null when the browser cannot decode or draw it; the caller then uploads the original.
 */
export async function cropToBlob(src: string, area: PixelArea): Promise<Blob | null> {
  // The cropper reports NaN or 0 sizes when it could not measure the image.
  const valid = [area.x, area.y, area.width, area.height].every(Number.isFinite) && area.width > 0 && area.height > 0;
  if (!valid) return null;
  let img: HTMLImageElement;
  try {
    img = await loadImage(src);
  } catch {
    return null;
  }
  const scale = Math.min(1, UPLOAD_LONGEST_SIDE / Math.max(area.width, area.height));
  const width = Math.max(1, Math.round(area.width * scale));
  const height = Math.max(1, Math.round(area.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), 'image/jpeg', 0.9);
    } catch {
      resolve(null);
    }
  });
}
