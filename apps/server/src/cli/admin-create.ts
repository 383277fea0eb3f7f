import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EmailSchema, NewPasswordSchema, requiredText, MSG, NAME_MAX_LENGTH } from '@sendero/contract';
import { loadConfig, loadEnvFile } from '@/config.js';
import { openDatabase } from '@/db/client.js';
import { AppError } from '@/errors.js';
import { createUserRow } from '@/services/auth.js';

/**
 * npm run admin:create -- --email E --password P --firstname F --lastname L
 * Creates an administrator in the configured database (DATA_DIR or DATABASE_URL), migrating first.
 */
const ArgsSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstname: requiredText(MSG.firstnameRequired, NAME_MAX_LENGTH),
  lastname: requiredText(MSG.lastnameRequired, NAME_MAX_LENGTH),
});

export async function main(argv: string[]): Promise<number> {
  loadEnvFile();
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
    },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) process.stderr.write(`--${String(issue.path[0])}: ${issue.message}\n`);
    process.stderr.write('Uso: npm run admin:create -- --email E --password P --firstname F --lastname L\n');
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const row = await createUserRow(database.db, { ...parsed.data, role: 'admin' });
    process.stdout.write(`Administrador creado: ${row.email} (${row.id})\n`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
