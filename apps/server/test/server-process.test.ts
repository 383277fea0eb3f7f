import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@sendero/contract';
import { createEmptyPostgresDatabase, testDbKind } from './helpers/database.js';
import { rememberPassword } from './helpers/secret-guard.js';

/** The real entry points (src/server.ts, the admin:create CLI) as separate processes, as `npm start` runs them. */

const serverDir = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runTs(script: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForHealth(port: number, run: Run, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${API.health}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer in time:\n${run.output()}`);
}

// Separate processes start PGlite and transpile TypeScript: slow on a busy machine.
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
    const cli = runTs('src/cli/admin-create.ts', ['--email', 'cli@sendero.pe', '--password', 'clave-de-la-cli-1', '--firstname', 'Carla', '--lastname', 'Ibarra'], env);
    running.push(cli);
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.output()).toContain('Administrador creado: cli@sendero.pe');

    const bad = runTs('src/cli/admin-create.ts', ['--email', 'no-es-correo', '--password', 'corta'], env);
    running.push(bad);
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain('El correo ingresado no es válido.');
  });

  it('starts, answers, prints no generated password when an admin exists, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = runTs('src/server.ts', [], { ...env, PORT: String(port) });
    running.push(server);
    await waitForHealth(port, server);
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
    const run = runTs('src/server.ts', [], { ...env, PORT: 'abc' });
    running.push(run);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid environment variable PORT');
  });
});
