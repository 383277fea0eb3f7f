import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, MSG, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UploadQuerySchema, UploadResponseSchema } from '@sendero/contract';
import { badRequest, payloadTooLarge, serviceUnavailable, tooManyRequests } from '@/errors.js';
import { errorResponses } from '@/plugins/errors.js';
import { ImageProcess } from '@/uploads/image-process.js';
import { ImageQueue, type UploadTicket } from '@/uploads/queue.js';
import { saveUpload } from '@/uploads/service.js';

/**
 * Uploads per user and minute (docs/product.md#limits; UPLOAD_RATE_LIMIT_PER_USER, 60 by default). Per user (the
 * caller is known: auth runs in onRequest, the limiter in preHandler), through the app's
 * @fastify/rate-limit (plugins/rate-limits.ts): counted atomically before the body is read.
 */
const uploadRateLimit = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `upload:${request.auth?.id ?? request.ip}`,
  errorResponseBuilder: () => tooManyRequests(MSG.tooManyUploads),
});

/** Room for a multipart body's boundaries and part headers around the largest file allowed. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** A disk that refused a body for want of room: the site is full for now, not broken (503, Retry-After). */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/** Free bytes of the filesystem that holds the waiting bodies (the system's temporary folder). */
async function spoolFreeBytes(): Promise<number> {
  const s = await statfs(tmpdir());
  return s.bavail * s.bsize;
}

/**
 * The multipart field `file`, written to a new file under the system's temporary folder as it arrives:
 * 400 without it, 413 above 10 MB (the rest is not read). The body never sits in memory as one buffer
 * while it waits for the image queue (docs/decisions/039-uploads-admitted-by-expected-wait.md). The caller
 * removes the file; only a process killed in the middle of an upload leaves one behind (`sendero-upload-<pid>-…`).
 */
async function readFileField(request: FastifyRequest, retryAfterSeconds: () => number): Promise<string> {
  if (!request.isMultipart()) throw badRequest(MSG.fileMissing, { file: MSG.fileMissing });
  let part;
  try {
    part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw payloadTooLarge(MSG.fileTooLarge);
    throw badRequest(MSG.fileMissing, { file: MSG.fileMissing });
  }
  if (!part || part.fieldname !== 'file') throw badRequest(MSG.fileMissing, { file: MSG.fileMissing });
  const path = join(tmpdir(), `sendero-upload-${process.pid}-${randomUUID()}`);
  try {
    await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    // No room left on the disk (or over a quota): come back once the waiting bodies have been processed.
    if (code && DISK_FULL.has(code)) {
      request.log.warn({ code }, 'upload refused: no room on the disk for its body');
      throw serviceUnavailable(retryAfterSeconds());
    }
    // The disk refused the file otherwise (read-only, permissions): the server's fault, not the request's.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    // A body cut before its closing boundary (or a broken connection): the file never arrived whole.
    throw badRequest(MSG.fileMissing, { file: MSG.fileMissing });
  }
  if (part.file.truncated) {
    await rm(path, { force: true });
    throw payloadTooLarge(MSG.fileTooLarge);
  }
  return path;
}

/**
 * POST /api/upload?preset=place|rating|user (docs/product.md#images). Multipart is accepted only in this
 * scope; every other route takes JSON. The files are served by routes/uploaded-files.ts.
 */
export default async function uploadRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Images are decoded and encoded in a process of their own, ranked below this one by the kernel, one
  // libvips thread per image, one image at a time by default: uploads cannot take the CPU from the people
  // browsing meanwhile. The others wait their turn with their body on disk, admitted while their expected
  // wait is bounded (docs/architecture.md#uploads, docs/decisions/039-uploads-admitted-by-expected-wait.md).
  const images = new ImageProcess({ priority: app.config.uploadPriority });
  fastify.addHook('onClose', () => images.close());
  const c = app.config;
  const queue = new ImageQueue({
    concurrency: c.uploadConcurrency,
    maxWaitSeconds: c.uploadMaxWaitSeconds,
    maxPending: c.uploadMaxPending,
    spoolBytes: c.uploadSpoolMb * 1024 * 1024,
    minFreeBytes: c.uploadMinFreeMb * 1024 * 1024,
    freeBytes: spoolFreeBytes,
  });
  /** Seconds until the queue has drained by half (for a refusal after admission: a full disk). */
  const drainSeconds = () => Math.max(1, Math.ceil(Math.max(queue.secondsPerImage, queue.expectedWaitSeconds / 2)));

  app.post(
    API.upload(),
    {
      onRequest: app.requireAuth,
      config: {
        rateLimit: uploadRateLimit(app.config.uploadRateLimitPerUser),
        // Read by hand (readFileField), so only documented: the multipart field `file`.
        openapiBody: {
          type: 'object',
          required: ['file'],
          properties: {
            file: {
              type: 'string',
              format: 'binary',
              description: `The image: ${UPLOAD_ACCEPT.split(',').join(', ')}; at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB and ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels.`,
            },
          },
        },
      },
      schema: {
        tags: ['uploads'],
        operationId: 'uploadImage',
        description:
          'Multipart field `file`: a JPEG, PNG, WebP or AVIF image of at most 10 MB (and at most 40 megapixels). The image is re-encoded to WebP, its metadata stripped, and resized for `preset` (`place`, `rating` or `user`). At most 60 uploads a minute per user (429 with `Retry-After`). While the images waiting to be processed would keep a new one waiting too long, or the server has no room for its body, it answers 503 with `Retry-After` (the seconds after which to send it again) before reading the body. Use the answered `url` in photo fields.',
        summary: 'Upload an image (multipart field `file`): re-encoded to WebP, metadata stripped',
        consumes: ['multipart/form-data'],
        querystring: UploadQuerySchema,
        response: { 201: UploadResponseSchema, ...errorResponses(400, 401, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      // A body declared larger than the largest file allowed is refused before a byte of it is stored.
      const declared = Number(request.headers['content-length']);
      const known = Number.isSafeInteger(declared) && declared >= 0;
      if (known && declared > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) throw payloadTooLarge(MSG.fileTooLarge);
      // Admitted (or 503 with Retry-After) before the body is read: a refused photo costs no disk.
      const ticket: UploadTicket = await queue.admit(known ? declared : UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD);
      let saved;
      try {
        const data = await readFileField(request, drainSeconds);
        try {
          saved = await saveUpload(app.db, app.storage, { userId: request.auth!.id, preset: request.query.preset, data }, images, queue);
        } finally {
          await rm(data, { force: true });
        }
      } finally {
        ticket.release();
      }
      return reply.code(201).send(saved);
    },
  );
}

