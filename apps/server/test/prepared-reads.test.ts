import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client.js';
import { preparedRead } from '@/db/prepared.js';
import { rowsOf } from '@/db/raw.js';
import { users } from '@/db/schema.js';
import { openTestDatabase } from './helpers/database.js';

/** db/prepared.ts on the test's database (PGlite, or PostgreSQL in the server-pg project). */
describe('prepared reads', () => {
  let database: Database;
  const byEmail = preparedRead<{ email: string | null }, { firstname: string; token_version: number; created_at: Date; n: string }>(
    'test_user_by_email',
    sql`select firstname, token_version, created_at, 1.5::numeric as n from ${users} where email = ${sql.placeholder('email')}`,
  );
  const byId = preparedRead<{ id: string | null }, { email: string }>('test_user_by_id', sql`select email from ${users} where id = ${sql.placeholder('id')}::uuid`);

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`insert into ${users} (email, password_hash, firstname, lastname) values ('ana@example.com', 'x', 'Ana', 'Pérez')`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers the rows of the statement for the values given, call after call, typed by the driver', async () => {
    for (let i = 0; i < 3; i++) {
      const [row] = await byEmail.rows(database.db, { email: 'ana@example.com' });
      expect(row).toMatchObject({ firstname: 'Ana', token_version: 0 });
      expect(row!.created_at).toBeInstanceOf(Date);
      expect(Number(row!.n)).toBe(1.5);
    }
    expect(await byEmail.rows(database.db, { email: 'nadie@example.com' })).toEqual([]);
    expect(await byEmail.rows(database.db, { email: null })).toEqual([]);
  });

  it('refuses a statement whose values are not all placeholders', () => {
    expect(() => preparedRead('test_literal', sql`select ${'x'}`)).toThrow(/placeholder/);
  });

  it('a failing call throws the database error, and the statement keeps working after it', async () => {
    await expect(byId.rows(database.db, { id: 'not-a-uuid' })).rejects.toThrow(/uuid/);
    const [ana] = await rowsOf<{ id: string }>(database.db, sql`select id from ${users} where email = 'ana@example.com'`);
    expect(await byId.rows(database.db, { id: ana!.id })).toEqual([{ email: 'ana@example.com' }]);
  });

  it('never runs inside another caller’s open transaction: it sees only committed rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((ok) => (inserted = ok));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into ${users} (email, password_hash, firstname, lastname) values ('luis@example.com', 'x', 'Luis', 'Soto')`);
      inserted();
      await held;
      throw new Error('rolled back on purpose');
    });
    await insertedYet;
    const read = byEmail.rows(database.db, { email: 'luis@example.com' });
    // Let the read go as far as it can while the transaction is open, then roll the transaction back.
    await new Promise((ok) => setTimeout(ok, 50));
    release();
    await expect(tx).rejects.toThrow('rolled back on purpose');
    expect(await read).toEqual([]);
  });
});
