import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UploadQuerySchema, UploadResponseSchema } from '@sendero/contract';
import { badRequest, payloadTooLarge, tooManyRequests } from '@/errors.js';
import { errorResponses } from '@/plugins/errors.js';
import { ImageProcess } from '@/uploads/image-process.js';
import { ImageQueue } from '@/uploads/queue.js';
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

/**
 * The multipart field `file`, written to a new file under the system's temporary folder as it arrives:
 * 400 without it, 413 above 10 MB (the rest is not read). The body never sits in memory as one buffer
 * while it waits for the image queue (docs/decisions/035-image-threads-niced.md). The caller removes the
 * file; only a process killed in the middle of an upload leaves one behind (`sendero-upload-<pid>-…`).
 */
async function readFileField(request: FastifyRequest): Promise<string> {
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
    // The disk refused the file (full, read-only): the server's fault, not the request's.
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
  // libvips thread per image, behind a bounded queue: uploads cannot take the CPU from the people
  // browsing meanwhile, nor pile up decoded images in memory (docs/architecture.md#uploads).
  const images = new ImageProcess({ priority: app.config.uploadPriority });
  fastify.addHook('onClose', () => images.close());
  const queue = new ImageQueue(app.config.uploadConcurrency, app.config.uploadQueue, 5);

  app.post(
    '/api/upload',
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
          'Multipart field `file`: a JPEG, PNG, WebP or AVIF image of at most 10 MB (and at most 40 megapixels). The image is re-encoded to WebP, its metadata stripped, and resized for `preset` (`place`, `rating` or `user`). At most 60 uploads a minute per user (429 with `Retry-After`). Use the answered `url` in photo fields.',
        summary: 'Upload an image (multipart field `file`): re-encoded to WebP, metadata stripped',
        consumes: ['multipart/form-data'],
        querystring: UploadQuerySchema,
        response: { 201: UploadResponseSchema, ...errorResponses(400, 401, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const data = await readFileField(request);
      let saved;
      try {
        saved = await saveUpload(app.db, app.storage, { userId: request.auth!.id, preset: request.query.preset, data }, images, queue);
      } finally {
        await rm(data, { force: true });
      }
      return reply.code(201).send(saved);
    },
  );
}

