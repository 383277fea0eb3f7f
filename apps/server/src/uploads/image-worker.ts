/**
 * The image process (docs/decisions/036-image-process.md): decodes and encodes uploaded images for the
 * server that started it (uploads/image-process.ts), one message per image over the IPC channel, and
 * exits when that channel closes (the server stopped, died or let it go after a quiet while).
 *
 * It starts at the priority the server chose: under Linux's idle scheduling class (started through
 * `chrt --idle 0`), or with `SENDERO_IMAGE_NICE` it lowers every thread it has to that nice value before
 * loading sharp, so libuv's and libvips' threads, created later from those, are born at it.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { AppError } from '@/errors.js';
import type { ImageRequest, ImageResponse } from './image-process.js';

const nice = Number(process.env.SENDERO_IMAGE_NICE ?? 0);
if (nice > 0) {
  let tids: number[] = [0];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    // not Linux: the main thread only (elsewhere a nice value belongs to the whole process)
  }
  for (const tid of tids) {
    try {
      setPriority(tid, nice);
    } catch {
      // a thread that ended meanwhile
    }
  }
}

const { default: sharp } = await import('sharp');
const { processImage } = await import('./pipeline.js');
// One libvips thread per image (the server sends at most UPLOAD_CONCURRENCY at once); no operation
// cache: each image is processed once, and the cache would keep removed upload files open.
sharp.concurrency(1);
sharp.cache(false);

const send = (response: ImageResponse) => process.send?.(response);

process.on('message', (request: ImageRequest) => {
  processImage(request.input, request.options).then(
    (image) => send({ id: request.id, image }),
    (error: unknown) => {
      if (error instanceof AppError) send({ id: request.id, refused: { status: error.status, code: error.code, message: error.message } });
      else send({ id: request.id, fault: error instanceof Error ? error.message : String(error) });
    },
  );
});
process.on('disconnect', () => process.exit(0));
