import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, DeletedSchema, IdParamsSchema, TRACK_FILE_MAX_BYTES, TRACK_MSG, TrackSchema, TrackUploadResponseSchema, trackFileSlug } from '@sendero/contract';
import { AppError, payloadTooLarge, serviceUnavailable } from '@/errors.js';
import { sendCachedBody } from '@/http/cached-body.js';
import { MULTIPART_OVERHEAD, readFileField, uploadRateLimit } from '@/http/multipart-file.js';
import { errorResponses } from '@/plugins/errors.js';
import { assertCanEditTrack, deleteTrack, getTrackBody, getTrackGpx, saveTrack } from '@/services/tracks.js';
import { TrackReader, TrackReadTimeout } from '@/tracks/track-reader.js';

/** Files being read or waiting for the track reader; one more is 503 with Retry-After. */
const TRACK_MAX_PENDING = 8;

/**
 * The four calls of a place's route track (docs/product.md#tracks, docs/decisions/044-route-tracks.md).
 * Multipart is accepted in this scope only (the PUT); the file is read in a worker thread.
 */
export default async function tracksRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { limits: { fileSize: TRACK_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Reading a file takes seconds of CPU: in a thread of its own, niced like the image process unless
  // UPLOAD_PRIORITY=normal (docs/architecture.md#uploads), so the people browsing keep a core.
  const reader = new TrackReader({ nice: app.config.uploadPriority === 'normal' ? 0 : 19 });
  fastify.addHook('onClose', () => reader.close());

  app.put(
    API.placeTrack(':id'),
    {
      onRequest: app.requireAuth,
      config: {
        rateLimit: uploadRateLimit(app.config.uploadRateLimitPerUser, 'track'),
        // Read by hand (readFileField), so only documented: the multipart field `file`.
        openapiBody: {
          type: 'object',
          required: ['file'],
          properties: {
            file: {
              type: 'string',
              format: 'binary',
              description: 'A GPX (1.0 or 1.1) or KML file of at most 10 MB and 200,000 points, without a DOCTYPE.',
            },
          },
        },
      },
      schema: {
        tags: ['places'],
        operationId: 'putPlaceTrack',
        summary: "Upload the place's route track (GPX or KML, multipart field `file`); replaces an earlier one",
        description:
          "The place's creator or an administrator. Multipart field `file`: GPX `trk/trkseg/trkpt` (or `rte/rtept` when there is no `trk`) or KML `LineString`/`gx:Track`; tracks and segments are kept as segments in file order, waypoints ignored. Only longitude, latitude and elevation are kept (no times, names or extensions). Refused with 400 `INVALID_TRACK`: anything else, a `<!DOCTYPE`, fewer than 2 points, a coordinate out of range, an elevation that is not a number, more than 1,000 segments or more than 200,000 points. 413 above 10 MB. At most 60 track uploads a minute per user (429 with `Retry-After`). 503 with `Retry-After` while the server is reading too many files.",
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: TrackUploadResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 429, 503) },
      },
    },
    async (request) => {
      // A body declared larger than the largest file allowed is refused before a byte of it is read.
      const declared = Number(request.headers['content-length']);
      if (Number.isSafeInteger(declared) && declared > TRACK_FILE_MAX_BYTES + MULTIPART_OVERHEAD) throw payloadTooLarge(TRACK_MSG.tooLarge);
      // 404/403 before the body is stored or read.
      await assertCanEditTrack(app.db, request.auth!, request.params.id);
      if (reader.pending >= TRACK_MAX_PENDING) throw serviceUnavailable(5);
      const path = await readFileField(request, { maxBytes: TRACK_FILE_MAX_BYTES, tooLarge: TRACK_MSG.tooLarge, missing: TRACK_MSG.fileMissing, retryAfterSeconds: () => 5 });
      try {
        const answer = await reader.read(path).catch((error: unknown) => {
          // A file its thread gave up on is not a track this server can read.
          if (error instanceof TrackReadTimeout) return { problem: 'invalid' as const, cpuMs: undefined };
          throw error;
        });
        request.log.info({ trackCpuMs: answer.cpuMs }, 'track file read');
        if ('problem' in answer) throw new AppError(400, 'INVALID_TRACK', answer.problem === 'tooManyPoints' ? TRACK_MSG.tooManyPoints : TRACK_MSG.invalid);
        if ('fault' in answer) throw new Error(`track worker: ${answer.fault}`);
        return { track: await saveTrack(app.db, request.auth!, request.params.id, answer.track) };
      } finally {
        await rm(path, { force: true });
      }
    },
  );

  app.delete(
    API.placeTrack(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['places'],
        operationId: 'deletePlaceTrack',
        summary: "Remove the place's route track ('Quitar recorrido')",
        description: "The place's creator or an administrator. No body. 404 when the place has no track.",
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => deleteTrack(app.db, request.auth!, request.params.id),
  );

  app.get(
    API.placeTrack(':id'),
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['places'],
        operationId: 'getPlaceTrack',
        summary: "The place's route track for the map and the elevation profile. ETag + 304.",
        description:
          "Whoever may see the place (anyone for a verified place; no token needed). `summary` as in the place detail's `track`; `line` the track simplified (Douglas-Peucker) to at most 2,000 points per segment list; `profile` at most 500 `[distance_m, ele_m]` pairs along the whole track, empty without elevation. 404 when the place has no track.",
        params: IdParamsSchema,
        response: { 200: TrackSchema, 304: z.null().describe('Not modified'), ...errorResponses(404) },
      },
    },
    async (request, reply) => sendCachedBody(request, reply, await getTrackBody(app.db, request.auth, request.params.id), 'Accept-Encoding, Authorization', 'private, no-cache'),
  );

  app.get(
    API.placeTrackGpx(':id'),
    {
      onRequest: app.optionalAuth,
      config: {
        openapiResponses: {
          200: {
            description: 'GPX 1.1: the place’s name and every stored point with its elevation; no times.',
            headers: {
              'Content-Disposition': { type: 'string', description: '`attachment; filename="<place name as a slug>.gpx"`' },
            },
            content: { 'application/gpx+xml': { schema: { type: 'string' } } },
          },
        },
      },
      schema: {
        tags: ['places'],
        operationId: 'getPlaceTrackGpx',
        summary: "Download the place's route track as GPX (free)",
        description:
          "Whoever may see the place (anyone for a verified place; no account needed). `application/gpx+xml`, as an attachment named after the place: GPX 1.1 with `<metadata><name>` the place's name and the full-resolution points with `<ele>`, no timestamps. 404 when the place has no track.",
        params: IdParamsSchema,
        response: { ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { name, chunks } = await getTrackGpx(app.db, request.auth, request.params.id);
      return reply
        .type('application/gpx+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${trackFileSlug(name)}.gpx"`)
        .header('cache-control', 'private, no-cache')
        // A stream, not the JSON the zod schemas type (this answer has no zod schema: config.openapiResponses).
        .send(Readable.from(chunks) as never);
    },
  );
}
