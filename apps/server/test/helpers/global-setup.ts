import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './pglite-template.js';

/** Migrates one PGlite once and hands its dump to every test file (each opens its own copy). */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.SENDERO_TEST_DB === 'postgres') return;
  project.provide('pgliteTemplate', await createPgliteTemplate());
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
