import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@sendero/contract';
import { DEFAULT_ADMIN_EMAIL, firstRun } from '@/bootstrap.js';
import { users } from '@/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { api } from './helpers/client.js';
import { rememberPassword } from './helpers/secret-guard.js';

describe('first run', () => {
  const t = useTestApp();

  const run = (env: Partial<typeof t.config> = {}) =>
    firstRun({ db: t.db, storage: t.app.storage, config: { ...t.config, sampleData: false, ...env }, log: t.app.log });

  it('creates the administrator from ADMIN_EMAIL and ADMIN_PASSWORD, once', async () => {
    rememberPassword('clave-del-admin-1');
    const first = await run({ adminEmail: 'Jefa@Sendero.pe', adminPassword: 'clave-del-admin-1' });
    expect(first.admin).toEqual({ email: 'Jefa@Sendero.pe', password: undefined });
    const login = await api(t).post(API.adminLogin, { email: 'jefa@sendero.pe', password: 'clave-del-admin-1' });
    expect(login.status).toBe(200);
    const again = await run({ adminEmail: 'otra@sendero.pe', adminPassword: 'otra-clave-1' });
    expect(again.admin).toBeUndefined();
    const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });
});

describe('first run without ADMIN_PASSWORD', () => {
  const t = useTestApp();

  it('generates a password, returns it once, and it works', async () => {
    const result = await firstRun({ db: t.db, storage: t.app.storage, config: { ...t.config, sampleData: false }, log: t.app.log });
    expect(result.admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
    const password = result.admin?.password;
    expect(password).toMatch(/^[\w-]{16,}$/);
    rememberPassword(password!);
    const login = await api(t).post(API.adminLogin, { email: DEFAULT_ADMIN_EMAIL, password });
    expect(login.status).toBe(200);
  });
});
