import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { API, MSG } from '@sendero/contract';
import { users } from '@/db/schema.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace } from './helpers/upload-fixtures.js';

const t = useTestApp();
let me: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [me, admin] = await Promise.all([t.createUser(), t.createAdmin()]);
});

const JSON_TYPE = { 'content-type': 'application/json' };

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('malformed bodies', () => {
  it('malformed JSON is a 400 with a Spanish message, never a 500', async () => {
    for (const payload of ['{"email": "a@b.com",', '{bad json}', '[1, 2', 'null x']) {
      const res = await api(t).request({ method: 'POST', url: API.login, headers: JSON_TYPE, payload });
      expect(res.status, payload).toBe(400);
      expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: MSG.invalidJson } });
    }
  });

  it('an empty JSON body is a 400', async () => {
    const res = await api(t).request<ErrorBody>({ method: 'POST', url: API.register, headers: JSON_TYPE, payload: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.invalidJson);
  });

  it('a JSON value that is not an object is a 400', async () => {
    for (const payload of ['[]', '"hola"', '42', 'null']) {
      const res = await api(t).request<ErrorBody>({ method: 'POST', url: API.login, headers: JSON_TYPE, payload });
      expect(res.status, payload).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('a prototype-poisoning body is refused', async () => {
    const res = await api(t).request({
      method: 'POST',
      url: API.login,
      headers: JSON_TYPE,
      payload: '{"email":"a@b.com","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.status).toBe(400);
  });

  it('wrong types get the field messages of the contract', async () => {
    const res = await api(t).post<ErrorBody>(API.register, { email: 42, password: ['x'], firstname: { a: 1 }, lastname: null });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      firstname: MSG.firstnameRequired,
      lastname: MSG.lastnameRequired,
    });
  });

  it('unknown fields are refused by name', async () => {
    const res = await api(t, me.token).put<ErrorBody>(API.userUpdate1(me.user._id), { password: 'una-clave-nueva-1', role: 'admin', token_version: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ role: MSG.unknownField, token_version: MSG.unknownField });
    const login = await api(t).post(API.login, { email: me.user.email, password: me.password });
    expect(login.status).toBe(200);
  });

  it('a body over 1 MB is a 413', async () => {
    const res = await api(t, me.token).put(API.userUpdate2(me.user._id), { about_you: 'x'.repeat(1024 * 1024 + 10), status: 'Enviado' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge } });
    expect((await userRow(me.user._id)).status).toBe('none');
  });

  it('a body that is not JSON is a 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await api(t).request({ method: 'POST', url: API.login, headers: { 'content-type': type }, payload: 'email=a@b.com&password=x' });
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.unsupportedMediaType } });
    }
  });

  it('a very long text gets its own message', async () => {
    const res = await api(t).post<ErrorBody>(API.register, { email: 'largo@example.com', password: 'clave-larga-1', firstname: 'N'.repeat(500), lastname: 'A' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ firstname: MSG.textTooLong });
  });
});

describe('calls without a body', () => {
  type Op = { requestBody?: unknown };
  /** Every operation of the served document that may carry a body but takes none (DELETE, the admin's verify...). */
  async function bodilessCalls(): Promise<{ method: 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string }[]> {
    const doc = (await api(t).get<{ paths: Record<string, Record<string, Op>> }>('/api/docs/json')).body;
    const calls: { method: 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string }[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['post', 'put', 'delete', 'patch'].includes(method) || op.requestBody !== undefined) continue;
        // An id nobody has: every variant below must reach the route and get the same answer.
        const url = path.replace(/\{[^}]+\}/g, '9f1c0f38-5f7e-4c1d-9a57-2d2b7c1e0a99');
        calls.push({ method: method.toUpperCase() as 'POST' | 'PUT' | 'DELETE' | 'PATCH', url });
      }
    }
    return calls;
  }

  it('answer a content type with an empty body as they answer no body at all (as HTTP client layers send it)', async () => {
    const calls = await bodilessCalls();
    expect(calls.map((c) => `${c.method} ${c.url.replace(/9f1c0f38[-0-9a-f]+/g, '{id}')}`)).toEqual(
      expect.arrayContaining(['DELETE /api/place/delete/{id}', 'PUT /api/place/verified/{id}', 'DELETE /api/rating/delete/{id}']),
    );
    const asAdmin = api(t, admin.token);
    for (const call of calls) {
      const plain = await asAdmin.request(call);
      for (const type of ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded']) {
        const res = await asAdmin.request({ ...call, headers: { 'content-type': type }, payload: '' });
        expect(res.status, `${call.method} ${call.url} ${type}`).toBe(plain.status);
        expect(res.body, `${call.method} ${call.url} ${type}`).toEqual(plain.body);
      }
    }
  });

  it('still refuse a body that is really there and is not JSON (415) or not valid JSON (400)', async () => {
    const asAdmin = api(t, admin.token);
    for (const call of await bodilessCalls()) {
      const text = await asAdmin.request<ErrorBody>({ ...call, headers: { 'content-type': 'text/plain' }, payload: 'hola' });
      expect(text.status, `${call.method} ${call.url}`).toBe(415);
      expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const bad = await asAdmin.request<ErrorBody>({ ...call, headers: JSON_TYPE, payload: '{"a":' });
      expect(bad.status, `${call.method} ${call.url}`).toBe(400);
      expect(bad.body.error.message).toBe(MSG.invalidJson);
    }
  });

  it('do their work when called with `content-type: application/json` and no body', async () => {
    const place = await createPlace(t, me.token);
    const asAdmin = api(t, admin.token);
    const verified = await asAdmin.request({ method: 'PUT', url: API.placeVerified(place._id), headers: JSON_TYPE, payload: '' });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ _id: place._id, verified: true });
    const deleted = await asAdmin.request({ method: 'DELETE', url: API.placeDelete(place._id), headers: JSON_TYPE, payload: '' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ _id: place._id, deleted: true });
    const gone = await asAdmin.get(API.place(place._id));
    expect(gone.status).toBe(404);
  });
});

describe('ids', () => {
  it('ids that are not UUIDs are a 404, for every call that takes one', async () => {
    const calls = [
      { method: 'GET', url: '/api/user/123' },
      { method: 'GET', url: '/api/user/not-a-uuid' },
      { method: 'PUT', url: '/api/user/update1/123', payload: { password: 'clave-nueva-12' } },
      { method: 'PUT', url: '/api/user/update2/abc', payload: { photo_url: '' } },
      { method: 'GET', url: '/api/admin/1' },
      { method: 'GET', url: "/api/user/1'%20or%201=1" },
    ] as const;
    for (const call of calls) {
      const res = await api(t, admin.token).request(call);
      expect(res.status, call.url).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: MSG.notFound } });
    }
  });

  it('an unknown route is a JSON 404', async () => {
    for (const url of ['/api/nada', '/api/user', '/api/users/nada']) {
      const res = await api(t).get<ErrorBody>(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('an unknown method on a known path is a JSON 404', async () => {
    const res = await api(t).delete<ErrorBody>(API.register);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('tokens', () => {
  const key = () => new TextEncoder().encode(t.config.jwtSecret);

  async function call(authorization: string) {
    return api(t).get(API.user(me.user._id), { authorization });
  }

  it('an expired token is a 401', async () => {
    const past = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const token = await t.app.tokens.sign({ sub: me.user._id, ver: 0 }, past);
    const res = await call(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: MSG.unauthorized } });
  });

  it('a token signed with another secret is a 401', async () => {
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.user._id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await call(`Bearer ${forged}`)).status).toBe(401);
  });

  it('an unsigned token (alg none) is a 401', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: admin.user._id, ver: 0, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    expect((await call(`Bearer ${none}`)).status).toBe(401);
  });

  it('a tampered payload is a 401', async () => {
    const [head, , sig] = me.token.split('.');
    const body = Buffer.from(JSON.stringify({ sub: admin.user._id, ver: 0, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    expect((await call(`Bearer ${head}.${body}.${sig}`)).status).toBe(401);
  });

  it('a valid signature with a wrong token version or an unknown user is a 401', async () => {
    const stale = await new SignJWT({ ver: 5 }).setProtectedHeader({ alg: 'HS256' }).setSubject(me.user._id).setExpirationTime('1h').sign(key());
    expect((await call(`Bearer ${stale}`)).status).toBe(401);
    const ghost = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setExpirationTime('1h')
      .sign(key());
    expect((await call(`Bearer ${ghost}`)).status).toBe(401);
    const noVersion = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(me.user._id).setExpirationTime('1h').sign(key());
    expect((await call(`Bearer ${noVersion}`)).status).toBe(401);
  });

  it('garbage in the Authorization header is a 401', async () => {
    for (const header of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', `Token ${me.token}`, 'Bearer x y']) {
      expect((await call(header)).status, header).toBe(401);
    }
  });

  it('a user deleted after signing in is a 401', async () => {
    const gone = await t.createUser();
    await t.db.delete(users).where(eq(users.id, gone.user._id));
    const res = await api(t, gone.token).get(API.user(gone.user._id));
    expect(res.status).toBe(401);
  });
});

describe('nothing changes on a refused request', () => {
  it('a refused update leaves the user row exactly as it was', async () => {
    const before = await userRow(me.user._id);
    const attempts = [
      { url: API.userUpdate2(me.user._id), payload: '{"status": "Aprobado"' },
      { url: API.userUpdate2(me.user._id), payload: JSON.stringify({ status: 'Aprobado', role: 'guide' }) },
      { url: API.userUpdate2(me.user._id), payload: JSON.stringify({ photo_url: 'http://evil.example/x.png' }) },
      { url: API.userUpdate1(me.user._id), payload: JSON.stringify({ password: 'corta' }) },
      { url: API.userUpdate1(me.user._id), payload: JSON.stringify({ password: 12345678 }) },
    ];
    for (const attempt of attempts) {
      const res = await api(t, me.token).request({ method: 'PUT', url: attempt.url, headers: JSON_TYPE, payload: attempt.payload });
      expect(res.status, attempt.payload).toBeGreaterThanOrEqual(400);
      expect(res.status, attempt.payload).toBeLessThan(500);
    }
    expect(await userRow(me.user._id)).toEqual(before);
  });
});
