import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './pglite-template.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Once per project, before any file: the server built as `npm start` runs it (build.mjs, a copy of its
 * own under .test-dist/ so a running `npm start` keeps its dist/), for the tests that start processes
 * (helpers/process.ts reads SENDERO_SERVER_DIST through setup.ts); and one migrated PGlite whose dump
 * every test file opens a copy of.
 */
export default async function setup(project: TestProject): Promise<void> {
  const dist = fileURLToPath(new URL(`../../.test-dist/${project.name}`, import.meta.url));
  execFileSync(process.execPath, ['build.mjs', '--outdir', dist], { cwd: serverDir, stdio: 'pipe' });
  project.provide('serverDist', dist);
  if (process.env.SENDERO_TEST_DB === 'postgres') return;
  project.provide('pgliteTemplate', await createPgliteTemplate());
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    serverDist: string;
  }
}
