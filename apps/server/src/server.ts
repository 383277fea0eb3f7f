import { ConfigError, loadConfig, loadEnvFile, type Config } from '@/config.js';
import { openDatabase } from '@/db/client.js';
import { buildApp } from '@/app.js';
import { firstRun } from '@/bootstrap.js';

/** Reads the configuration, migrates, runs the first-run steps, listens, and stops gracefully. */
async function main(): Promise<void> {
  loadEnvFile();
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await database.migrate();
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
  const first = await firstRun({ db: database.db, storage: app.storage, config, log: app.log });
  await app.listen({ port: config.port, host: config.host });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  const lines = [`Sendero is running at ${url}`];
  if (first.admin) {
    lines.push(`Administrator created: ${first.admin.email}`);
    // The only place a password is ever printed: a generated one, once, on the run that created it.
    if (first.admin.password) lines.push(`Administrator password (shown only this once): ${first.admin.password}`);
  }
  if (first.sampleUser) lines.push(`Sample user: ${first.sampleUser.email} / ${first.sampleUser.password}`);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Sendero could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
