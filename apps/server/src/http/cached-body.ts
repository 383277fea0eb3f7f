import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * HTTP caching and compression of ready-made JSON bodies, in one place: a body serialized once with a
 * strong ETag (a hash of its bytes) and gzip/brotli forms made lazily once per version, answered with
 * 304 on a matching If-None-Match. Other responses are compressed on the fly by @fastify/compress
 * (plugins/security.ts). See docs/architecture.md#caching-and-consistency.
 */
export interface CachedBody {
  body: Buffer;
  etag: string;
  builtAt: number;
  gzip(): Promise<Buffer>;
  brotli(): Promise<Buffer>;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

function lazy(make: () => Promise<Buffer>): () => Promise<Buffer> {
  let value: Promise<Buffer> | undefined;
  return () => (value ??= make());
}

/** `etag`: when the caller already knows a hash of the bytes (e.g. from hashes of their parts). */
export function makeCachedBody(body: Buffer, now = Date.now(), etag?: string): CachedBody {
  return {
    body,
    etag: etag ?? `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    builtAt: now,
    gzip: lazy(() => gzipAsync(body, { level: 6 })),
    brotli: lazy(() =>
      brotliAsync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      }),
    ),
  };
}

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

/**
 * Sends a cached body: 304 on a matching If-None-Match, else the ready-made (compressed) bytes.
 * `no-cache` makes clients revalidate every time: cheap with the ETag, and a new write shows at once.
 */
export async function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  vary = 'Accept-Encoding, Authorization',
  cacheControl = 'no-cache',
  contentType = 'application/json; charset=utf-8',
) {
  void reply.header('etag', entry.etag).header('cache-control', cacheControl).header('vary', vary);
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  void reply.type(contentType);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(await entry.brotli());
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await entry.gzip());
  return reply.send(entry.body);
}

/**
 * Sends a JSON answer that depends on who asks, with an ETag and 304 on a match: the place detail and
 * its reviews (docs/product.md#catalogue), their bytes made once per version on the embedded database.
 */
export function sendPrivateBody(request: FastifyRequest, reply: FastifyReply, entry: CachedBody) {
  return sendCachedBody(request, reply, entry, 'Accept-Encoding, Authorization', 'private, no-cache');
}
