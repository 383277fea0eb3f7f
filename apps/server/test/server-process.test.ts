import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@sendero/contract';
import { createEmptyPostgresDatabase, testDbKind } from './helpers/database.js';
import { freePort, serverEntryArgs, spawnNode, waitForUrl, type Run } from './helpers/process.js';
import { rememberPassword } from './helpers/secret-guard.js';

/** The real entry points (the server, the admin:create CLI) as separate processes, built, as `npm start` runs them. */

/** One built entry with only PATH of this environment, so the test's variables are all there is. */
function runEntry(entry: 'server' | 'admin-create', args: string[], env: Record<string, string>): Run {
  return spawnNode([...serverEntryArgs(entry), ...args], { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env } });
}

// Separate processes each start PGlite: a few seconds on a busy two-core machine, hence the minutes.
describe('the server process', { timeout: 180_000 }, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const running: Run[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sendero-process-'));
    env = { DATA_DIR: dataDir, SAMPLE_DATA: 'false', JWT_SECRET: 'j'.repeat(40) };
    if (testDbKind() === 'postgres') {
      const db = await createEmptyPostgresDatabase();
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
  });
  afterAll(async () => {
    for (const run of running) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('admin:create creates an administrator who can log in once the server runs', async () => {
    rememberPassword('clave-de-la-cli-1');
    const cli = runEntry('admin-create', ['--email', 'cli@sendero.pe', '--password', 'clave-de-la-cli-1', '--firstname', 'Carla', '--lastname', 'Ibarra'], env);
    running.push(cli);
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.output()).toContain('Administrador creado: cli@sendero.pe');

    const bad = runEntry('admin-create', ['--email', 'no-es-correo', '--password', 'corta'], env);
    running.push(bad);
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain('El correo ingresado no es válido.');
  });

  it('starts, answers, prints no generated password when an admin exists, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = runEntry('server', [], { ...env, PORT: String(port) });
    running.push(server);
    await waitForUrl(`http://127.0.0.1:${port}${API.health}`, server, 150_000);
    expect(server.output()).toContain(`http://127.0.0.1:${port}`);
    expect(server.output()).not.toContain('Administrator password');

    const login = await fetch(`http://127.0.0.1:${port}${API.adminLogin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cli@sendero.pe', password: 'clave-de-la-cli-1' }),
    });
    expect(login.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('a bad configuration value stops the process naming the variable', async () => {
    const run = runEntry('server', [], { ...env, PORT: 'abc' });
    running.push(run);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid environment variable PORT');
  });
});
