import { loadConfig, loadEnvFile } from '@/config.js';
import { openDatabase } from '@/db/client.js';

/** npm run db:migrate: applies the migrations and exits. */
loadEnvFile();
try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  await database.migrate();
  await database.close();
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
