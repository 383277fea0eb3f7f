import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, DeletedSchema, IdParamsSchema, PlaceCreateSchema, PlaceSchema, PlaceUpdateRequestSchema } from '@sendero/contract';
import { errorResponses } from '@/plugins/errors.js';
import {
  createPlace,
  deletePlace,
  getPlace,
  getVerifiedPlaceList,
  listAllPlaces,
  toggleVerified,
  updatePlace,
} from '@/services/places.js';
import type { PlaceListEntry } from '@/services/place-list-cache.js';

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for 304s). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** The best encoding we have ready for this Accept-Encoding header: br, then gzip, else none. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Sends the cached verified list: 304 on a matching If-None-Match, else ready-made (compressed) bytes. */
async function sendPlaceList(request: FastifyRequest, reply: FastifyReply, entry: PlaceListEntry) {
  void reply
    .header('etag', entry.etag)
    // Revalidate every time: cheap with the ETag, and a new review shows up at once.
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding, Authorization');
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(await entry.brotli());
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await entry.gzip());
  return reply.send(entry.body);
}

/** GET/POST/PUT/DELETE under /api/place (DESIGN.md §4). */
export default async function placesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API.places,
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['places'],
        summary: 'Verified places, newest first (all places with an admin token). ETag + 304.',
        response: { 200: z.array(PlaceSchema), 304: z.null().describe('Not modified'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      if (request.auth?.role === 'admin') {
        void reply.header('cache-control', 'private, no-store').header('vary', 'Authorization');
        return listAllPlaces(app.db);
      }
      return sendPlaceList(request, reply, await getVerifiedPlaceList(app.db));
    },
  );

  app.get(
    '/api/place/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['places'],
        summary: 'One place: verified, any for an admin, or the caller’s own unverified place',
        params: IdParamsSchema,
        response: { 200: PlaceSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getPlace(app.db, request.params.id, request.auth),
  );

  app.post(
    API.placeCreate,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['places'],
        summary: 'Propose a place (unverified; the caller is its creator)',
        body: PlaceCreateSchema,
        response: { 201: PlaceSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPlace(app.db, request.auth!, request.body)),
  );

  app.put(
    '/api/place/update/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['places'],
        summary: 'Partial update by the creator or an admin',
        params: IdParamsSchema,
        body: PlaceUpdateRequestSchema,
        response: { 200: PlaceSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => updatePlace(app.db, request.auth!, request.params.id, request.body),
  );

  app.put(
    '/api/place/verified/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Admin: flip verified (logged in the admin actions)',
        params: IdParamsSchema,
        response: { 200: PlaceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toggleVerified(app.db, request.auth!, request.params.id),
  );

  app.delete(
    '/api/place/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Admin: delete a place and its reviews',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => deletePlace(app.db, request.auth!, request.params.id),
  );
}
