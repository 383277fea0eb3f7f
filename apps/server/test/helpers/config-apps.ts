import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { API, type PublicConfig } from '@sendero/contract';
import { buildTestApp, type TestApp } from './app.js';
import { api } from './client.js';

/**
 * For a test file about the configuration: temporary data folders for `loadConfig`, and apps started with
 * their own environment whose GET /api/config is read; all closed and removed after the file's tests.
 */
export function configApps(prefix: string) {
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return {
    apps,
    tempDir(): string {
      const dir = mkdtempSync(join(tmpdir(), `sendero-${prefix}-`));
      dirs.push(dir);
      return dir;
    },
    /** An app with `env` and its answer to GET /api/config. */
    async publicConfig(env: Record<string, string> = {}) {
      const t = await buildTestApp({ env });
      apps.push(t);
      return { t, res: await api(t).get<PublicConfig>(API.config) };
    },
  };
}
