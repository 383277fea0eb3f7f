import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
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

const fixedHeaders = new Map<string, Record<string, string>>();
/**
 * The same headers helmet sets on every routed response, as a plain object: for the answers written
 * before any hook runs (router errors, malformed HTTP, slow clients; see plugins/errors.ts).
 */
export function securityHeaders(config: Pick<Config, 'mapTiles'>): Record<string, string> {
  let headers = fixedHeaders.get(config.mapTiles.source);
  if (!headers) {
    const collected: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: unknown) => void (collected[name.toLowerCase()] = String(value)),
      removeHeader: (name: string) => void delete collected[name.toLowerCase()],
    };
    helmetHeaders(helmetOptions(config))({} as never, res as never, () => undefined);
    headers = collected;
    fixedHeaders.set(config.mapTiles.source, headers);
  }
  return headers;
}

/** Security headers on every response, and compression of text answers. */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, helmetOptions(app.config));
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
