/**
 * Runs the BUILT server (what `npm start` serves) for the web budgets, through the same launcher as
 * the end-to-end tests: fresh temporary DATA_DIR with sample data, deleted when stopped.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnNode, waitForUrl } from '../apps/server/test/helpers/process.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** `dir`: the checkout whose build to serve (BENCH_BASELINE_DIR for the build before a change). */
export async function startBuiltServer(port: number, dir = root): Promise<RunningServer> {
  const run = spawnNode(['--import', 'tsx', 'e2e/web-server.ts'], {
    cwd: dir,
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_PREFIX: process.env.BENCH_DATA_PREFIX ?? '/tmp/e-bench-' },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${url}/api/health`, run, 180_000);
  } catch (e) {
    await run.stop();
    throw e;
  }
  return { url, stop: () => run.stop() };
}
