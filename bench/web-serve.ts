/**
 * Runs the BUILT server (what `npm start` serves) for the web budgets, through the same launcher as
 * the end-to-end tests: fresh temporary DATA_DIR with sample data, deleted when stopped.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startBuiltServer(port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/web-server.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_PREFIX: process.env.BENCH_DATA_PREFIX ?? '/tmp/e-bench-' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not answer /api/health in 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
