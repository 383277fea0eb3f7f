import { describe, expect, it } from 'vitest';
import { API, type LoginResponse, MSG, type User } from '@sendero/contract';
import { authHeader, useTestApp } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';

const t = useTestApp();

describe('registering', () => {
  it('as a visitor I can register and get my user back without any password', async () => {
    const res = await api(t).post<User & ErrorBody>(API.register, { email: 'Ana.Torres@Example.com', password: 'montañas-2024', firstname: '  Ana María ', lastname: 'Torres' });
    expect(res.status).toBe(201);
    const body = res.body;
    expect(body).toMatchObject({ email: 'ana.torres@example.com', firstname: 'Ana María', lastname: 'Torres', role: 'user', status: 'none' });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(body)).not.toContain('password');
  });

  it('refuses an email already in use, whatever its case', async () => {
    const res = await api(t).post<User & ErrorBody>(API.register, { email: 'ANA.TORRES@example.com', password: 'otra-clave-1', firstname: 'Ana', lastname: 'T' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: MSG.emailInUse } });
  });
});

describe('logging in', () => {
  it('returns token, _id and role, and the token opens authenticated calls', async () => {
    const login = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: 'ana.torres@example.com', password: 'montañas-2024' });
    expect(login.status).toBe(200);
    const { token, _id, role } = login.body;
    expect(role).toBe('user');
    const claims = await t.app.tokens.verify(token);
    expect(claims).toEqual({ sub: _id, ver: 0 });
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: 'nadie@example.com', password: 'montañas-2024' });
    const wrong = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: 'ana.torres@example.com', password: 'equivocada' });
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: MSG.loginFailed } });
    }
  });

  it('takes about as long for an unknown email as for a wrong password (no user enumeration by timing)', async () => {
    const u = await t.createUser();
    const time = async (email: string) => {
      const start = performance.now();
      const res = await api(t, undefined, { remoteAddress: '10.9.9.9' }).post<ErrorBody>(API.login, { email, password: 'no-es-la-clave' });
      expect(res.status).toBe(401);
      return performance.now() - start;
    };
    let unknown = 0;
    let wrong = 0;
    for (let i = 0; i < 4; i++) {
      unknown += await time(`desconocido-${i}@example.com`);
      wrong += await time(u.user.email);
    }
    // Without the dummy hash an unknown email answers ~100x faster; scheduling noise stays far below 3x.
    expect(unknown / wrong).toBeGreaterThan(1 / 3);
    expect(unknown / wrong).toBeLessThan(3);
  });

  it('admin login refuses a non-admin with the same 401 and accepts an admin', async () => {
    const user = await t.createUser();
    const refused = await api(t).post<LoginResponse & ErrorBody>(API.adminLogin, { email: user.user.email, password: user.password });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(MSG.loginFailed);
    const admin = await t.createAdmin();
    const ok = await api(t).post<LoginResponse & ErrorBody>(API.adminLogin, { email: admin.user.email, password: admin.password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ _id: admin.user._id, role: 'admin' });
  });

  it('shows the Spanish field messages for a missing email and password', async () => {
    const res = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: 'no-es-correo' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: MSG.validation,
        fields: { email: MSG.emailInvalid, password: MSG.passwordRequired },
      },
    });
  });
});

describe('tokens', () => {
  it('the fixture token is accepted by the token service', async () => {
    const u = await t.createUser();
    expect(authHeader(u.token).authorization).toMatch(/^Bearer /);
    expect(await t.app.tokens.verify(u.token)).toEqual({ sub: u.user._id, ver: 0 });
  });
});
