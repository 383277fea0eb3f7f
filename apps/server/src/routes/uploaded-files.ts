import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH_PREFIX } from '@sendero/contract';
import { notFound } from '@/errors.js';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** Keys are content hashes with an extension, optionally in sub-folders: nothing else is served. */
const KEY_RE = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.([a-z0-9]+)$/;

/**
 * GET /uploads/* from app.storage. File names derive from a content hash, so they never change:
 * cached for a year. (S2 may refine this module.)
 */
export default async function uploadedFilesRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${UPLOADS_PATH_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const ext = KEY_RE.exec(key)?.[1];
    const type = ext ? CONTENT_TYPES[ext] : undefined;
    if (!type) throw notFound();
    const data = await app.storage.get(key);
    if (!data) throw notFound();
    return reply
      .header('content-type', type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
