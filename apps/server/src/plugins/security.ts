import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmetHeaders from 'helmet';
import compress from '@fastify/compress';
import type { Config } from '@/config.js';

/** The Content-Security-Policy of docs/architecture.md#security-headers. MUI/emotion injects <style> tags, hence 'unsafe-inline' for styles only. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'", 'blob:'],
  // Plain http on a home network must keep working: no forced upgrade to https.
  upgradeInsecureRequests: null,
};

/** helmet's options: the CSP above, where map tiles (MAP_TILE_URL) are the one kind of image from another host. */
function helmetOptions(config: Pick<Config, 'mapTiles'>) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, imgSrc: [...CSP_DIRECTIVES.imgSrc, config.mapTiles.source] },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Our images are meant to be shown by our pages only, but the camera/crop flows use blob: URLs.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  } as const;
}

const fixedHeaders = new Map<string, Array<[string, string]>>();
/**
 * The headers helmet sets with our options, as helmet sets them (name as written, value), computed by
 * running helmet once: they are the same for every response.
 */
function helmetHeaderList(config: Pick<Config, 'mapTiles'>): Array<[string, string]> {
  let headers = fixedHeaders.get(config.mapTiles.source);
  if (!headers) {
    const collected = new Map<string, [string, string]>();
    const res = {
      setHeader: (name: string, value: unknown) => void collected.set(name.toLowerCase(), [name, String(value)]),
      removeHeader: (name: string) => void collected.delete(name.toLowerCase()),
    };
    helmetHeaders(helmetOptions(config))({} as never, res as never, () => undefined);
    headers = [...collected.values()];
    fixedHeaders.set(config.mapTiles.source, headers);
  }
  return headers;
}

/**
 * The same headers helmet sets on every routed response, as a plain object: for the answers written
 * before any hook runs (router errors, malformed HTTP, slow clients; see plugins/errors.ts).
 */
export function securityHeaders(config: Pick<Config, 'mapTiles'>): Record<string, string> {
  return Object.fromEntries(helmetHeaderList(config).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * Security headers on every response, and compression of text answers. The headers are helmet's,
 * computed once (helmetHeaderList) and set on each response as helmet would set them: @fastify/helmet
 * ran helmet afresh on every request, re-reading the Content-Security-Policy directives each time.
 */
async function securityPlugin(app: FastifyInstance) {
  const headers = helmetHeaderList(app.config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
