import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@sendero/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';

describe('login and register attempts per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A small limit keeps the test quick; the counting is the same as with the default 100.
    t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '5' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('after the limit, login and register answer 429 with the Spanish message; other IPs are not affected', async () => {
    const attempt = (i: number, ip = '10.0.0.1') =>
      i % 2 === 0
        ? t.app.inject({ method: 'POST', url: API.login, remoteAddress: ip, payload: { email: `x${i}@example.com`, password: 'x' } })
        : t.app.inject({ method: 'POST', url: API.register, remoteAddress: ip, payload: { email: 'no-valido' } });
    for (let i = 0; i < 5; i++) expect((await attempt(i)).statusCode).not.toBe(429);
    for (let i = 5; i < 7; i++) {
      const res = await attempt(i);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyAttempts } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const admin = await t.app.inject({ method: 'POST', url: API.adminLogin, remoteAddress: '10.0.0.1', payload: { email: 'a@b.com', password: 'x' } });
    expect(admin.statusCode).toBe(429);
    expect((await attempt(0, '10.0.0.2')).statusCode).toBe(401);
    // Other calls are not limited by the auth counter.
    expect((await t.app.inject({ method: 'GET', url: API.health, remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });
});

describe('failed logins per email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('after 10 failed logins in a minute, even the right password gets 429 for that email only', async () => {
    const victim = await t.createUser();
    const other = await t.createUser();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.login,
        remoteAddress: `10.1.0.${i}`,
        payload: { email: victim.user.email.toUpperCase(), password: `incorrecta-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: API.login, payload: { email: victim.user.email, password: victim.password } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(MSG.tooManyAttempts);
    const fine = await t.app.inject({ method: 'POST', url: API.login, payload: { email: other.user.email, password: other.password } });
    expect(fine.statusCode).toBe(200);
  });

  it('successful logins do not count', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'POST', url: API.login, remoteAddress: `10.2.0.${i}`, payload: { email: u.user.email, password: u.password } });
      expect(res.statusCode).toBe(200);
    }
  });
});
