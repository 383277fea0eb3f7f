import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
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

function printStarted(config: Config, first: FirstRunResult, workers?: number): void {
  const lines = [`Sendero is running at ${siteUrl(config)}${workers ? ` (${workers} worker processes)` : ''}`];
  if (first.admin) {
    lines.push(`Administrator created: ${first.admin.email}`);
    // The only place a password is ever printed: a generated one, once, on the run that created it.
    if (first.admin.password) lines.push(`Administrator password (shown only this once): ${first.admin.password}`);
  }
  if (first.sampleUser) lines.push(`Sample user: ${first.sampleUser.email} / ${first.sampleUser.password}`);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
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
  await app.listen({ port: config.port, host: config.host });
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
    log.warn({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    if (lived < CRASH_LOOP_MS) setTimeout(fork, 1000);
    else fork();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down the workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) process.exit(0);
    const force = setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    let left = workers.length;
    for (const w of workers) {
      w.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
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
