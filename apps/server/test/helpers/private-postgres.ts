/**
 * A PostgreSQL server of a test's own (docs/architecture.md#tests), for what must not be done to the
 * shared one: stopping and starting it under load. `initdb` into a temporary directory, `pg_ctl` to
 * start and stop it on a free port of 127.0.0.1, everything removed by `destroy()`.
 *
 * The server binaries are found in PG_BINDIR, else through `pg_config --bindir`, else in the newest
 * /usr/lib/postgresql/<version>/bin (Debian). PostgreSQL refuses to run as root: as root (CI) the
 * commands run as the `postgres` user through `runuser`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './process.js';

const run = promisify(execFile);

function binDir(): string {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) not found in ${candidates.join(', ') || 'PG_BINDIR, pg_config or /usr/lib/postgresql'}: install the PostgreSQL server or set PG_BINDIR`);
  return found;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m fast`: sessions are terminated, then nothing listens on the port. */
  stop(): Promise<void>;
  /** `pg_ctl start`; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (immediate) and removes its directory. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  // As root the directory is handed to `postgres`, who must be able to reach it: /tmp, not root's TMPDIR.
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'sendero-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: dir }) : run(join(bin, tool), args, { cwd: dir });
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=60'].join(' ');
  const withLog = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`private PostgreSQL: ${what} failed: ${error instanceof Error ? error.message : String(error)}\n${tail}`, { cause: error });
    }
  };
  const start = () => withLog('start', () => pg('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'])).then(() => undefined);
  const stop = () => withLog('stop', () => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'])).then(() => undefined);

  await withLog('initdb', () => pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
