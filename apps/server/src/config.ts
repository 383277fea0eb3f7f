import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

/**
 * The environment, parsed once (README.md#configuration). `loadConfig(process.env)` in the server and the CLIs;
 * tests pass their own object. A bad value throws a ConfigError that names the variable.
 */

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'use development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must have at least 32 characters' }).optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must have at least 8 characters' }).optional(),
  SAMPLE_DATA: booleanString.optional(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number({ error: 'must be a positive integer' }).int().min(1).default(100),
  /** Slow clients (docs/decisions or README): a whole request must arrive within this, headers sooner. */
  REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be a positive integer' }).int().min(100).default(20_000),
  HEADERS_TIMEOUT_MS: z.coerce.number({ error: 'must be a positive integer' }).int().min(100).default(10_000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number({ error: 'must be a positive integer' }).int().min(1).default(64),
  UPLOAD_RATE_LIMIT_PER_USER: z.coerce.number({ error: 'must be a positive integer' }).int().min(1).default(60),
  /** Images processed at once per process, and how many more may wait (docs/architecture.md#uploads). */
  UPLOAD_CONCURRENCY: z.coerce.number({ error: 'must be a positive integer' }).int().min(1).default(1),
  /** Admission of uploads (uploads/queue.ts; docs/decisions/039-uploads-admitted-by-expected-wait.md). */
  UPLOAD_MAX_WAIT_SECONDS: z.coerce.number({ error: 'must be a non-negative number' }).min(0).max(3600).default(60),
  UPLOAD_MAX_PENDING: z.coerce.number({ error: 'must be a positive integer' }).int().min(1).default(256),
  UPLOAD_SPOOL_MB: z.coerce.number({ error: 'must be a positive integer' }).int().min(11).default(1024),
  UPLOAD_MIN_FREE_MB: z.coerce.number({ error: 'must be a non-negative integer' }).int().min(0).default(256),
  /** How the image process competes for the CPU with the server (uploads/image-process.ts; docs/architecture.md#uploads). */
  UPLOAD_PRIORITY: z.enum(['idle', 'low', 'normal'], { error: 'must be idle, low or normal' }).default('idle'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests slower than this are logged at info (every other finished request at debug). */
  SLOW_REQUEST_MS: z.coerce.number({ error: 'must be a positive integer' }).int().min(1).default(1000),
  /** Built web app (apps/web/dist); found next to the server by default. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Rate-limit counters shared by every process (docs/decisions/001-rate-limit-counters-in-redis-or-memory.md). */
  REDIS_URL: z.string().refine(isRedisUrl, { error: 'must be a redis:// or rediss:// URL (e.g. redis://127.0.0.1:6379)' }).optional(),
  /** Prepended to every Redis key, so that several sites (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'use 1 to 64 letters, digits or : _ . -' }).default('sendero:'),
  /** Worker processes sharing the port (docs/product.md#several-processes); more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number({ error: 'must be an integer from 1 to 64' }).int({ error: 'must be an integer from 1 to 64' }).min(1, { error: 'must be an integer from 1 to 64' }).max(64, { error: 'must be an integer from 1 to 64' }).default(1),
  /** Reads of the embedded database kept until its next write (docs/decisions/031-pglite-read-cache.md); `off` reads every time. */
  PGLITE_READ_CACHE: z.enum(['on', 'off'], { error: 'use on or off' }).default('on'),
  /** The landing and the signed-in screens rendered on the server (apps/web/src/boot/README.md); `off` sends the build's pages. */
  RENDER_ON_SERVER: z.enum(['on', 'off'], { error: 'use on or off' }).default('on'),
  /** Where uploaded images live: `database` (default with DATABASE_URL) or `local` files in DATA_DIR/uploads. */
  STORAGE: z.enum(['local', 'database'], { error: 'use local or database' }).optional(),
  /** Where the site is reached from outside (docs/product.md#sharing): absolute links in shared pages' meta tags. */
  PUBLIC_URL: z
    .string()
    .refine(isPublicUrl, { error: 'must be an http:// or https:// URL without credentials, query or fragment (e.g. https://sendero.pe)' })
    .optional(),
  /** Raster map tiles (docs/product.md): a Leaflet URL template; the CSP allows images from its host only. */
  MAP_TILE_URL: z
    .string()
    .refine((v) => tileSource(v) !== null, {
      error: 'must be an http:// or https:// URL template with {z}, {x} and {y} (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
    })
    .optional(),
  /** Shown in the map's corner (HTML, as Leaflet takes it). Default: OpenStreetMap's, with the default tiles. */
  MAP_TILE_ATTRIBUTION: z.string().max(500, { error: 'must have at most 500 characters' }).optional(),
  /** The landing's social links (docs/product.md#landing); each icon is hidden while its address is unset. */
  SOCIAL_INSTAGRAM_URL: z.string().refine(isSocialUrl, { error: 'must be an https:// URL' }).optional(),
  SOCIAL_FACEBOOK_URL: z.string().refine(isSocialUrl, { error: 'must be an https:// URL' }).optional(),
  SOCIAL_X_URL: z.string().refine(isSocialUrl, { error: 'must be an https:// URL' }).optional(),
  /** Mail: smtp://user:pass@host:port or smtps://...; unset: mails are logged (development) or dropped. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, { error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** The sender of every mail, e.g. "Sendero <no-reply@sendero.pe>". */
  MAIL_FROM: z.string().max(200).regex(/^[^\r\n]+$/, { error: 'must be one line' }).optional(),
});

/** redis:// or rediss:// with a host (and optionally a port, credentials and a database number). */
function isRedisUrl(value: string): boolean {
  if (!/^rediss?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && /^\/?\d*$/.test(url.pathname) && (url.port === '' || Number(url.port) > 0);
  } catch {
    return false;
  }
}

/** A social network address: https, a host, no credentials. */
function isSocialUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' && value.length <= 500;
  } catch {
    return false;
  }
}

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * The CSP source (scheme://host[:port]) of a tile URL template, or null when it is not one. A `{s}`
 * in the first label of the host (a.tile..., b.tile...) becomes the wildcard `*.` that CSP allows.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#\s]+)(\/[^\s]*)$/i.exec(template);
  if (!m || !['{z}', '{x}', '{y}'].every((p) => template.includes(p))) return null;
  const [, scheme, host] = m as unknown as [string, string, string];
  if (host.includes('@')) return null;
  const labels = host.split('.');
  const wildcard = labels[0]!.includes('{s}');
  if (labels.slice(1).some((l) => l.includes('{'))) return null;
  let url: URL;
  try {
    url = new URL(`${scheme}://${wildcard ? ['a', ...labels.slice(1)].join('.') : host}/`);
  } catch {
    return null;
  }
  // Only plain host names reach the CSP header (no separators such as ';' or ',').
  if (!/^[a-z0-9.-]+$/.test(url.hostname) || (!wildcard && host.includes('{'))) return null;
  const hostname = wildcard ? `*.${url.host.split('.').slice(1).join('.')}` : url.host;
  return `${url.protocol}//${hostname}`;
}

/** An absolute http(s) URL with a host and no user info, query or fragment (a path prefix is allowed). */
function isPublicUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(value) || /[\s\\]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.hostname !== '' && url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !value.includes('?') && !value.includes('#');
}

/**
 * PUBLIC_URL normalized: lower-case scheme and host (URL does it), no trailing slash, so that
 * `${publicUrl}/buscar-destino` is always one slash. Default: http://{HOST}:{PORT}.
 */
function publicUrlFrom(value: string | undefined, host: string, port: number): string {
  if (value) {
    const url = new URL(value);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${hostPart}:${port}`;
}

export type Env = z.input<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

/** The parsed configuration (its schema only gives the type; values come from EnvSchema above). */
const _ConfigSchema = z.object({
  nodeEnv: z.enum(['development', 'production', 'test']),
  port: z.number(),
  host: z.string(),
  dataDir: z.string(),
  databaseUrl: z.string().optional(),
  /** PGLITE_READ_CACHE: keep reads of the embedded database until its next write. */
  pgliteReadCache: z.boolean(),
  /** RENDER_ON_SERVER: the landing, /buscar-destino and a destination's page with their screen rendered on the server. */
  renderOnServer: z.boolean(),
  jwtSecret: z.string(),
  adminEmail: z.string().optional(),
  adminPassword: z.string().optional(),
  sampleData: z.boolean(),
  authRateLimitPerIp: z.number(),
  requestTimeoutMs: z.number(),
  headersTimeoutMs: z.number(),
  maxConnectionsPerIp: z.number(),
  uploadRateLimitPerUser: z.number(),
  uploadConcurrency: z.number(),
  uploadMaxWaitSeconds: z.number(),
  uploadMaxPending: z.number(),
  uploadSpoolMb: z.number(),
  uploadMinFreeMb: z.number(),
  uploadPriority: z.enum(['idle', 'low', 'normal']),
  logLevel: z.string(),
  slowRequestMs: z.number(),
  webDistDir: z.string().optional(),
  redisUrl: z.string().optional(),
  redisKeyPrefix: z.string(),
  /** Worker processes (WEB_CONCURRENCY): 1 runs the app in the started process itself. */
  webConcurrency: z.number(),
  /** Where uploads live: rows of `stored_files` or files under DATA_DIR/uploads. */
  storage: z.enum(['local', 'database']),
  /** Absolute site URL without a trailing slash (PUBLIC_URL, default http://{HOST}:{PORT}). */
  publicUrl: z.string(),
  /** Map tiles: the URL template, its attribution and the CSP source of its host. */
  mapTiles: z.object({ url: z.string(), attribution: z.string(), source: z.string() }),
  smtpUrl: z.string().optional(),
  mailFrom: z.string(),
  /** The landing's social links; null hides the icon. */
  social: z.object({ instagram: z.string().nullable(), facebook: z.string().nullable(), x: z.string().nullable() }),
});
export type Config = z.infer<typeof _ConfigSchema>;

/** Empty strings count as unset, as in most .env files. */
function clean(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

/** The secret kept in DATA_DIR/jwt-secret, created on first use. */
function storedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Where relative paths (DATA_DIR, WEB_DIST_DIR, .env) start: the directory npm was run from (`npm start`,
 * `npm run admin:create` and `npm run dev` all run at the repository root even when a workspace script
 * changes the working directory), else the working directory.
 */
export function baseDir(env: Record<string, string | undefined> = process.env): string {
  return env.INIT_CWD || process.cwd();
}

/** Loads an optional `.env` from baseDir() into process.env (real environment variables win). */
export function loadEnvFile(): void {
  loadDotenv({ path: join(baseDir(), '.env'), quiet: true });
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(clean(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue?.path[0] ?? 'environment'), issue?.message ?? 'invalid value');
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET', 'required (at least 32 characters) when NODE_ENV=production');
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'WEB_CONCURRENCY',
      `${e.WEB_CONCURRENCY} processes cannot share the embedded database (PGlite): set DATABASE_URL to a PostgreSQL server, or use WEB_CONCURRENCY=1`,
    );
  }
  const dataDir = resolve(baseDir(env), e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteReadCache: e.PGLITE_READ_CACHE === 'on',
    renderOnServer: e.RENDER_ON_SERVER === 'on',
    jwtSecret: e.JWT_SECRET ?? storedJwtSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    sampleData: e.SAMPLE_DATA ?? !e.DATABASE_URL,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    uploadRateLimitPerUser: e.UPLOAD_RATE_LIMIT_PER_USER,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    uploadMaxWaitSeconds: e.UPLOAD_MAX_WAIT_SECONDS,
    uploadMaxPending: e.UPLOAD_MAX_PENDING,
    uploadSpoolMb: e.UPLOAD_SPOOL_MB,
    uploadMinFreeMb: e.UPLOAD_MIN_FREE_MB,
    uploadPriority: e.UPLOAD_PRIORITY,
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    webDistDir: e.WEB_DIST_DIR ? resolve(baseDir(env), e.WEB_DIST_DIR) : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    webConcurrency: e.WEB_CONCURRENCY,
    storage: e.STORAGE ?? (e.DATABASE_URL ? 'database' : 'local'),
    publicUrl: publicUrlFrom(e.PUBLIC_URL, e.HOST, e.PORT),
    mapTiles: {
      url: e.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION ?? (e.MAP_TILE_URL ? '' : DEFAULT_MAP_TILE_ATTRIBUTION),
      source: tileSource(e.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL)!,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Sendero <no-reply@sendero.local>',
    social: { instagram: e.SOCIAL_INSTAGRAM_URL ?? null, facebook: e.SOCIAL_FACEBOOK_URL ?? null, x: e.SOCIAL_X_URL ?? null },
  };
}
