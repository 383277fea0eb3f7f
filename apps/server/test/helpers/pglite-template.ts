import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migratePglite, migrationsFolder } from '@/db/migrate.js';
import { PGLITE_EXTENSIONS } from '@/db/client.js';

/** A hash of the migration files: the cached template is rebuilt whenever they change. */
function migrationsHash(): string {
  const dir = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(readFileSync(join(dir, file)));
  }
  hash.update(readFileSync(join(dir, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Path of a gzipped data dir of a freshly migrated PGlite (cached in the OS temp dir). */
export async function createPgliteTemplate(): Promise<string> {
  const dir = join(tmpdir(), 'sendero-test-templates');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-${migrationsHash()}.tar.gz`);
  if (existsSync(file)) return file;
  const pg = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await migratePglite(pg);
  const dump = await pg.dumpDataDir('gzip');
  await pg.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return file;
}
