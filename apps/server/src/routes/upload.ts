import { rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, MSG, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UploadQuerySchema, UploadResponseSchema } from '@sendero/contract';
import { payloadTooLarge } from '@/errors.js';
import { MULTIPART_OVERHEAD, readFileField, uploadRateLimit } from '@/http/multipart-file.js';
import { errorResponses } from '@/plugins/errors.js';
import { ImageProcess } from '@/uploads/image-process.js';
import { ImageQueue, type UploadTicket } from '@/uploads/queue.js';
import { saveUpload } from '@/uploads/service.js';

/** Free bytes of the filesystem that holds the waiting bodies (the system's temporary folder). */
async function spoolFreeBytes(): Promise<number> {
  const s = await statfs(tmpdir());
  return s.bavail * s.bsize;
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
        const data = await readFileField(request, { maxBytes: UPLOAD_MAX_BYTES, tooLarge: MSG.fileTooLarge, missing: MSG.fileMissing, retryAfterSeconds: drainSeconds });
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

