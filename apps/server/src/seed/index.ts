import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/types.js';
import type { Storage } from '@/storage/storage.js';

// PLACEHOLDER written by the server-foundation engineer; S2 owns and fills it (DESIGN.md §7).
export interface SeedDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** Seeds the sample destinations into an empty database. Called at start when SAMPLE_DATA is on. */
export async function seedSampleData(_deps: SeedDeps): Promise<{ sampleUser?: { email: string; password: string } }> {
  return {};
}
