import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { ConfigError, loadConfig, loadEnvFile, type Config } from '@/config.js';
import { openDatabase } from '@/db/client.js';
import { buildApp, REDACT_PATHS } from '@/app.js';
import { firstRun, type FirstRunResult } from '@/bootstrap.js';
import { LOG_SERIALIZERS } from '@/log-safety.js';
import { createDatabaseStorage } from '@/storage/database.js';
import { createLocalStorage } from '@/storage/local.js';

/**
 * Reads the configuration, migrates, runs the first-run steps, listens, and stops gracefully.
 * With WEB_CONCURRENCY > 1 (docs/product.md#several-processes) this process is the primary of a
 * `node:cluster`: it migrates and runs the first-run steps once, then forks that many workers that share
 * the port, replaces a worker that dies, and on SIGTERM stops every worker gracefully before it exits.
 */

/** A worker that dies sooner than this after it was forked counts as a crash loop: wait before the next. */
const CRASH_LOOP_MS = 5000;
const SHUTDOWN_GRACE_MS = 30_000;

function readConfig(): Config {
  loadEnvFile();
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

function siteUrl(config: Config): string {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${shownHost}:${config.port}`;
}

/**
 * The operator's summary (README, "Starting"): the address and any one-time credentials in a framed
 * block, printed once the site answers, after everything else the start-up wrote (the build before it,
 * the migrations and the first run's logs), so it is the last thing on the screen.
 */
function startedBlock(config: Config, first: FirstRunResult, workers?: number): string {
  const lines = [`Sendero is running at ${siteUrl(config)}${workers ? ` (${workers} worker processes)` : ''}`];
  if (first.admin) {
    lines.push(`Administrator created: ${first.admin.email}`);
    // The only place a password is ever printed: a generated one, once, on the run that created it.
    if (first.admin.password) lines.push(`Administrator password (shown only this once): ${first.admin.password}`);
  }
  if (first.sampleUser) lines.push(`Sample user: ${first.sampleUser.email} / ${first.sampleUser.password}`);
  if (first.sampleGuides) lines.push(`Sample guides: ${first.sampleGuides.emails.join(', ')} / ${first.sampleGuides.password}`);
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

function printStarted(config: Config, first: FirstRunResult, workers?: number): void {
  process.stdout.write(`\n${startedBlock(config, first, workers)}\n\n`);
}

/** Exit code of a worker that could not listen because the port is taken: the primary says so once. */
const EXIT_PORT_BUSY = 78;

/** The one line an operator needs when the port cannot be used (no stack trace). */
function listenFailure(error: unknown, config: Config): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return `Sendero could not start: port ${config.port} on ${config.host} is already in use. Stop the program using it or set PORT to another port.`;
  }
  if (code === 'EACCES') return `Sendero could not start: no permission to listen on port ${config.port} on ${config.host}. Set PORT to a port above 1023.`;
  if (code === 'EADDRNOTAVAIL') return `Sendero could not start: ${config.host} is not an address of this machine. Set HOST to one (e.g. 127.0.0.1 or 0.0.0.0).`;
  return null;
}

/** Listens without Fastify's per-process "Server listening" line at info: the framed block says it once. */
async function listenQuietly(app: FastifyInstance, config: Config): Promise<void> {
  const level = app.log.level;
  const quieter = ['trace', 'debug', 'info'].includes(level);
  if (quieter) app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `listening at ${address}` });
  } finally {
    if (quieter) app.log.level = level;
  }
  app.log.debug({ port: config.port, host: config.host }, 'listening');
}

/** One process serving the app: the whole server (WEB_CONCURRENCY=1), or a cluster worker (`migrated`). */
async function serve(config: Config, migrated: boolean): Promise<void> {
  const database = await openDatabase(config);
  if (!migrated) await database.migrate();
  const app = await buildApp(config, { db: database.db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.ready();
  const first = migrated ? {} : await firstRun({ db: database.db, storage: app.storage, config, log: app.log });
  try {
    await listenQuietly(app, config);
  } catch (error) {
    const line = listenFailure(error, config);
    if (!line) throw error;
    if (migrated) process.exit(EXIT_PORT_BUSY); // the primary prints the line, once
    process.stderr.write(`${line}\n`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  if (!migrated) printStarted(config, first);
}

/** The cluster's primary: migrations and the first run once, then the workers. It serves nothing itself. */
async function primary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: LOG_SERIALIZERS });
  const database = await openDatabase(config);
  await database.migrate();
  const storage = config.storage === 'database' ? createDatabaseStorage(database.db) : createLocalStorage(join(config.dataDir, 'uploads'));
  const first = await firstRun({ db: database.db, storage, config, log });
  await database.close();
  if (!config.redisUrl) {
    log.warn({ workers: config.webConcurrency }, 'REDIS_URL is not set: rate limits are counted per process (each of the workers allows the full limit)');
  }

  // The kernel hands each connection to a worker (decision 33): with Node's default round-robin the
  // primary accepts it and passes it on, and a connection passed to a worker at the moment it dies is
  // held by the primary with no answer, for ever.
  cluster.schedulingPolicy = cluster.SCHED_NONE;

  let shuttingDown = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (shuttingDown) return;
    if (code === EXIT_PORT_BUSY) {
      // Every worker would fail the same way: one clear line, then stop instead of a restart loop.
      process.stderr.write(`${listenFailure(Object.assign(new Error('busy'), { code: 'EADDRINUSE' }), config)}\n`);
      shutdown('SIGTERM', 1);
      return;
    }
    log.warn({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    if (lived < CRASH_LOOP_MS) setTimeout(fork, 1000);
    else fork();
  });

  const shutdown = (signal: NodeJS.Signals, exitCode = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down the workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    if (workers.length === 0) process.exit(exitCode);
    const force = setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    let left = workers.length;
    for (const w of workers) {
      w.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      // Each worker closes its server, finishes in-flight requests and closes its database pool.
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  let listening = 0;
  const onListening = () => {
    listening += 1;
    if (listening === config.webConcurrency) {
      cluster.off('listening', onListening);
      printStarted(config, first, config.webConcurrency);
    }
  };
  cluster.on('listening', onListening);
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isWorker) return serve(config, true);
  if (config.webConcurrency > 1) return primary(config);
  return serve(config, false);
}

main().catch((error: unknown) => {
  process.stderr.write(`Sendero could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
