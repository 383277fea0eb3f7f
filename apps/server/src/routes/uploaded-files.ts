import type { FastifyInstance } from 'fastify';
import { coverTag, parseCoverKey, UPLOADS_PATH_PREFIX } from '@sendero/contract';
import { notFound } from '@/errors.js';
import { PLACE_INDEX_TTL_MS, placeIndexFor } from '@/services/place-index.js';
import { placeCacheMaxAge } from '@/services/place-changes-hub.js';
import { linkPreviewJpeg } from '@/uploads/pipeline.js';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** Keys are content hashes with an extension, optionally in sub-folders: nothing else is served. */
const KEY_RE = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.([a-z0-9]+)$/;

/** `<hash>-og.jpg`: an upload's link-preview JPEG, made from `<hash>.webp` on first request. */
const LINK_PREVIEW_RE = /^([A-Za-z0-9_]+)-og\.jpg$/;

/**
 * GET /uploads/* from app.storage (and `<hash>-og.jpg`, the JPEG copy link previews get as og:image). File names derive from a content hash, so they never change:
 * cached for a year. (S2 may refine this module.)
 *
 * `cover-<place id>-<tag>[-400|-800].webp` is the first photo of a place as the browsing index names
 * it (docs/decisions/028-compact-place-index.md): looked up in the in-memory index, served from the
 * upload's own file. While the tag is the photo's, the bytes never change (cached for a year); a stale
 * tag (the photo changed since the client's index) gets the current photo, cached briefly.
 */
export default async function uploadedFilesRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${UPLOADS_PATH_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const cover = parseCoverKey(key);
    if (cover) {
      const index = placeIndexFor(app.db, placeCacheMaxAge(app.db, app.config.databaseUrl ? PLACE_INDEX_TTL_MS : 0));
      const photo = await index.photoOf(cover.placeId);
      const tag = photo ? coverTag(photo) : null;
      if (!photo || !tag) throw notFound();
      const hash = photo.slice(UPLOADS_PATH_PREFIX.length, -'.webp'.length);
      const data = await app.storage.get(`${hash}${cover.width ? `-${cover.width}` : ''}.webp`);
      if (!data) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', tag === cover.tag ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    }
    const preview = LINK_PREVIEW_RE.exec(key);
    if (preview) {
      let data = await app.storage.get(key);
      if (!data) {
        const webp = await app.storage.get(`${preview[1]}.webp`);
        if (!webp) throw notFound();
        data = await linkPreviewJpeg(webp);
        await app.storage.put(key, data, 'image/jpeg');
      }
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    }
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
