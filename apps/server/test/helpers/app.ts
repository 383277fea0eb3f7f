import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Role, Status, User } from '@sendero/contract';
import { buildApp, REDACT_PATHS } from '@/app.js';
import { loadConfig, type Config } from '@/config.js';
import type { Database } from '@/db/client.js';
import { users } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { issueToken } from '@/services/auth.js';
import { hashPassword } from '@/services/passwords.js';
import { toUserJson } from '@/services/user-json.js';
import { openTestDatabase, testDbKind } from './database.js';
import { checkResponsesAgainstDocument } from './contract.js';
import { checkLogLine, checkResponse, rememberPassword } from './secret-guard.js';

export interface TestUser {
  user: User;
  token: string;
  password: string;
}

export interface CreateUserOptions {
  role?: Role;
  status?: Status;
  email?: string;
  password?: string;
  firstname?: string;
  lastname?: string;
  photo_url?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** Temporary DATA_DIR (uploads go to DATA_DIR/uploads); removed by close(). */
  dataDir: string;
  /** Every log line the app wrote (JSON strings), for checks that nothing secret is logged. */
  logs: string[];
  createUser(options?: CreateUserOptions): Promise<TestUser>;
  createAdmin(options?: Omit<CreateUserOptions, 'role'>): Promise<TestUser>;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  /** Extra environment for loadConfig (e.g. AUTH_RATE_LIMIT_PER_IP). */
  env?: Record<string, string>;
  /** Mail retry delays and SMTP timeout (default: two quick retries, 2 s). */
  mail?: { retryDelaysMs?: readonly number[]; timeoutMs?: number };
  /** pino level of the captured logs (default info). */
  logLevel?: 'info' | 'debug' | 'trace';
  /** A database shared with other apps (as several processes share one); close() leaves it open. */
  database?: Database;
}

const hashes = new Map<string, Promise<string>>();
/** argon2 costs ~30 ms: a test that creates many users with one password hashes it once. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * The real app on a fresh database of its own (PGlite copy of the migrated template, or a new PostgreSQL
 * database in the server-pg project) and a temporary DATA_DIR. Call close() in afterAll.
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sendero-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SAMPLE_DATA: 'false',
    LOG_LEVEL: 'info',
    // The image process at the server's own priority: in the idle class (production's default,
    // docs/decisions/036-image-process.md) a test's photo waits for every other test file to leave a
    // core free. upload-queue.test.ts checks the idle and low classes themselves.
    UPLOAD_PRIORITY: 'normal',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const line = chunk.toString();
      logs.push(line);
      checkLogLine(line);
      done();
    },
  });
  const app = await buildApp(config, {
    db: database.db,
    logger: { level: options.logLevel ?? 'info', stream, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    mail: { retryDelaysMs: [20, 20], timeoutMs: 2_000, ...options.mail },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.startsWith('image/')) checkResponse(`${request.method} ${request.url} -> ${reply.statusCode}`, type, payload.toString());
    }
    return payload;
  });
  checkResponsesAgainstDocument(app);
  await app.ready();

  let counter = 0;
  const createUser = async (opts: CreateUserOptions = {}): Promise<TestUser> => {
    counter += 1;
    const password = opts.password ?? `clave-segura-${counter}-${randomBytes(3).toString('hex')}`;
    rememberPassword(password);
    const [row] = await database.db
      .insert(users)
      .values({
        email: (opts.email ?? `persona${counter}-${randomUUID().slice(0, 8)}@example.com`).toLowerCase(),
        passwordHash: await cachedHash(password),
        firstname: opts.firstname ?? `Nombre${counter}`,
        lastname: opts.lastname ?? `Apellido${counter}`,
        role: opts.role ?? 'user',
        status: opts.status ?? 'none',
        appliedAt: opts.status && opts.status !== 'none' ? new Date() : null,
        photoUrl: opts.photo_url ?? '',
      })
      .returning();
    return { user: toUserJson(row!), token: await issueToken(app.tokens, row!), password };
  };

  return {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    logs,
    createUser,
    createAdmin: (opts = {}) => createUser({ ...opts, role: 'admin' }),
    async close() {
      await app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * buildTestApp() for the enclosing describe block (or the whole file): built in a beforeAll, closed in an
 * afterAll. The object returned is filled when that beforeAll runs, so read it only in hooks and tests
 * (hooks registered after this call see it built; afterAll hooks registered before it run after close()).
 * `options` may be a function, for options known only once earlier hooks have run (a port, a server).
 */
export function useTestApp(options: BuildTestAppOptions | (() => BuildTestAppOptions) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

export { testDbKind };
