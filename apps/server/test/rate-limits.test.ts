import { describe, expect, it } from 'vitest';
import { API, MSG } from '@sendero/contract';
import { FAILED_LOGINS_PER_EMAIL } from '@/plugins/rate-limits.js';
import { useTestApp } from './helpers/app.js';
import { api } from './helpers/client.js';
import { createPlace, pngImage, upload } from './helpers/upload-fixtures.js';
import { gpxFile, putTrack, walk } from './helpers/track-files.js';

describe('login and register attempts per IP', () => {
  // A small limit keeps the test quick; the counting is the same as with the default 100.
  const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '5' } });
  const from = (ip: string) => api(t, undefined, { remoteAddress: ip });

  it('after the limit, login and register answer 429 with the Spanish message; other IPs are not affected', async () => {
    const attempt = (i: number, ip = '10.0.0.1') =>
      i % 2 === 0
        ? from(ip).post(API.login, { email: `x${i}@example.com`, password: 'x' })
        : from(ip).post(API.register, { email: 'no-valido' });
    for (let i = 0; i < 5; i++) expect((await attempt(i)).status).not.toBe(429);
    for (let i = 5; i < 7; i++) {
      const res = await attempt(i);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyAttempts } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const admin = await from('10.0.0.1').post(API.adminLogin, { email: 'a@b.com', password: 'x' });
    expect(admin.status).toBe(429);
    expect((await attempt(0, '10.0.0.2')).status).toBe(401);
    // Other calls are not limited by the auth counter.
    expect((await from('10.0.0.1').get(API.health)).status).toBe(200);
  });
});

describe('failed logins per email and client (docs/decisions: login limits)', () => {
  const t = useTestApp();
  const loginFrom = (ip: string, email: string, password: string) => api(t, undefined, { remoteAddress: ip }).post(API.login, { email, password });

  it('30 wrong passwords at once from one client: at most 10 are checked, the rest 429 with Retry-After', async () => {
    const victim = await t.createUser();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom('10.3.0.1', victim.user.email, `incorrecta-${i}`)));
    const statuses = answers.map((r) => r.status);
    // Exactly 10: at most 10 (the bound) and no more refused than needed (counts are per request, not shared).
    expect(statuses.filter((s) => s === 401).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(20);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyAttempts } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // That client stays refused, even with the right password...
    expect((await loginFrom('10.3.0.1', victim.user.email, victim.password)).status).toBe(429);
    // ...but the attack does not lock the account: the owner's own client gets in.
    expect((await loginFrom('10.3.0.2', victim.user.email, victim.password)).status).toBe(200);
  });

  it('failures spread over many clients: past the per-email bound only clients that have not failed get through', async () => {
    const victim = await t.createUser();
    for (let i = 0; i < FAILED_LOGINS_PER_EMAIL; i++) {
      expect((await loginFrom(`10.4.0.${i}`, victim.user.email.toUpperCase(), `incorrecta-${i}`)).status).toBe(401);
    }
    const again = await loginFrom('10.4.0.1', victim.user.email, 'incorrecta-otra-vez');
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // A client without failures, with the right password: in.
    expect((await loginFrom('10.4.1.1', victim.user.email, victim.password)).status).toBe(200);
  });

  it('successful logins do not count', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 12; i++) {
      const res = await loginFrom('10.2.0.1', u.user.email, u.password);
      expect(res.status).toBe(200);
    }
  });
});

describe('per-IP and upload limits under parallel requests', () => {
  const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '5', UPLOAD_RATE_LIMIT_PER_USER: '3' } });

  it('12 logins and registers at once from one IP: exactly 5 pass the per-IP limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(t, undefined, { remoteAddress: '10.5.0.1' }).post(API.login, { email: `p${i}@example.com`, password: 'x' }),
      ),
    );
    expect(answers.filter((r) => r.status !== 429).length, JSON.stringify(answers.map((r) => r.status))).toBe(5);
    for (const r of answers.filter((a) => a.status === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('8 uploads at once by one user: exactly 3 are stored, the rest 429 with Retry-After', async () => {
    const u = await t.createUser();
    const images = await Promise.all(Array.from({ length: 8 }, () => pngImage(16, 16)));
    const answers = await Promise.all(images.map((img) => upload(t, u.token, img)));
    expect(answers.filter((r) => r.status === 201).length).toBe(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBe(5);
    for (const r of refused) {
      expect(r.body).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyUploads } });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('6 track uploads at once by one user: exactly 3 are read, the rest 429; images are counted apart', async () => {
    const u = await t.createUser();
    const place = await createPlace(t, u.token);
    const file = gpxFile([walk(20)]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => putTrack(t, u.token, place._id, file)));
    expect(answers.filter((r) => r.status === 200).length).toBe(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBe(3);
    for (const r of refused) {
      expect(r.body).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.trackTooManyUploads } });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The place's photo was one image upload of three: two more pass.
    expect((await upload(t, u.token, await pngImage(16, 16))).status).toBe(201);
  });
});
