import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from '@/db/schema.js';
import { migrationsFolder } from '@/db/migrate.js';

describe('the database schema and the committed migrations', () => {
  it('agree: generating a migration from the last snapshot to schema.ts yields nothing', async () => {
    const meta = join(migrationsFolder(), 'meta');
    const snapshots = readdirSync(meta)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort();
    expect(snapshots.length).toBeGreaterThan(0);
    const last = JSON.parse(readFileSync(join(meta, snapshots.at(-1)!), 'utf8'));
    const current = generateDrizzleJson(schema as unknown as Record<string, unknown>, last.id);
    const statements = await generateMigration(last, current);
    expect(statements, 'run `npm run db:generate -w apps/server` and commit the new migration').toEqual([]);
  });

  it('every migration listed in the journal has its SQL file', () => {
    const dir = migrationsFolder();
    const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    for (const entry of journal.entries) expect(readdirSync(dir)).toContain(`${entry.tag}.sql`);
  });
});
