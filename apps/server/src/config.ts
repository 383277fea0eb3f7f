import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

/**
 * The environment, parsed once (DESIGN.md §3). `loadConfig(process.env)` in the server and the CLIs;
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app (apps/web/dist); found next to the server by default. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Optional: shared rate-limit counters for several server processes (DESIGN.md §10). */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' }).optional(),
});

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
  jwtSecret: z.string(),
  adminEmail: z.string().optional(),
  adminPassword: z.string().optional(),
  sampleData: z.boolean(),
  authRateLimitPerIp: z.number(),
  logLevel: z.string(),
  webDistDir: z.string().optional(),
  redisUrl: z.string().optional(),
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
  const dataDir = resolve(baseDir(env), e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? storedJwtSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    sampleData: e.SAMPLE_DATA ?? !e.DATABASE_URL,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolve(baseDir(env), e.WEB_DIST_DIR) : undefined,
    redisUrl: e.REDIS_URL,
  };
}
