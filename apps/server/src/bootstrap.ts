import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/config.js';
import { users } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { createUserRow } from '@/services/auth.js';
import type { Storage } from '@/storage/storage.js';

export interface FirstRunResult {
  /** Set when this start created the administrator. `password` only when it was generated here. */
  admin?: { email: string; password?: string };
  sampleUser?: { email: string; password: string };
  sampleGuides?: { emails: string[]; password: string };
}

export const DEFAULT_ADMIN_EMAIL = 'admin@sendero.local';

/**
 * First run (docs/product.md#first-run): if no administrator exists, create one from ADMIN_EMAIL/ADMIN_PASSWORD or with a
 * generated password; then, on a database without places, seed the sample data when SAMPLE_DATA is on.
 */
export async function firstRun(deps: { db: Db; storage: Storage; config: Config; log: FastifyBaseLogger }): Promise<FirstRunResult> {
  const { db, config } = deps;
  const result: FirstRunResult = {};
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (!existing) {
    const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const generated = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    await createUserRow(db, {
      email,
      password: config.adminPassword ?? generated!,
      firstname: 'Administrador',
      lastname: 'Sendero',
      role: 'admin',
    });
    result.admin = { email, password: generated };
  }
  if (config.sampleData) {
    // Loaded only here: the seed draws its pictures with sharp, which the server itself no longer needs
    // (images are processed in the image process, docs/decisions/036-image-process.md).
    const { seedSampleData } = await import('@/seed/index.js');
    const seeded = await seedSampleData({ db, storage: deps.storage, log: deps.log });
    if (seeded.sampleUser) result.sampleUser = seeded.sampleUser;
    if (seeded.sampleGuides) result.sampleGuides = seeded.sampleGuides;
  }
  return result;
}
