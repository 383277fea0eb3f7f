import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@sendero/contract';
import { authHeader, buildTestApp, type TestApp } from './helpers/app.js';
import { registerUpload } from './helpers/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const application = {
  instagram: '@ana.cumbres',
  facebook: 'facebook.com/ana.cumbres',
  linkedin: 'linkedin.com/in/ana-cumbres',
  about_you: 'Guío grupos en la sierra de Lima desde 2015.',
};

describe('reading a user', () => {
  it('as a user I can read my own profile', async () => {
    const me = await t.createUser({ firstname: 'Lucía' });
    const res = await t.app.inject({ method: 'GET', url: API.user(me.user._id), headers: authHeader(me.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(me.user);
  });

  it("as a user I get 404 for someone else's profile, as for an unknown id", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    for (const id of [other.user._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({ method: 'GET', url: API.user(id), headers: authHeader(me.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: MSG.userNotFound } });
    }
  });

  it('as an admin I can read any user', async () => {
    const admin = await t.createAdmin();
    const other = await t.createUser();
    const res = await t.app.inject({ method: 'GET', url: API.user(other.user._id), headers: authHeader(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(other.user._id);
  });
});

describe('the admin lists of users', () => {
  it('lists every non-admin user, newest first, and filters by status', async () => {
    const admin = await t.createAdmin();
    const sent = await t.createUser({ status: 'Enviado' });
    const all = await t.app.inject({ method: 'GET', url: API.users, headers: authHeader(admin.token) });
    expect(all.statusCode).toBe(200);
    const list = all.json() as { _id: string; role: string; created_at: string }[];
    expect(list.some((u) => u.role === 'admin')).toBe(false);
    expect(list.map((u) => u._id)).toContain(sent.user._id);
    const dates = list.map((u) => u.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const filtered = await t.app.inject({ method: 'GET', url: `${API.users}?status=Enviado`, headers: authHeader(admin.token) });
    expect(filtered.json().every((u: { status: string }) => u.status === 'Enviado')).toBe(true);
    expect(filtered.json().map((u: { _id: string }) => u._id)).toContain(sent.user._id);
  });

  it('refuses an unknown status filter with a 400', async () => {
    const admin = await t.createAdmin();
    const res = await t.app.inject({ method: 'GET', url: `${API.users}?status=enviado`, headers: authHeader(admin.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('lists guide applications (Enviado, Aprobado, Rechazado), newest application first', async () => {
    const admin = await t.createAdmin();
    const first = await t.createUser();
    const second = await t.createUser();
    const none = await t.createUser();
    for (const u of [first, second]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: API.userUpdate2(u.user._id),
        headers: authHeader(u.token),
        payload: { ...application, status: 'Enviado' },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'GET', url: API.usersRequests, headers: authHeader(admin.token) });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { _id: string; status: string }[]).map((u) => u._id);
    expect(ids).not.toContain(none.user._id);
    expect(ids.indexOf(second.user._id)).toBeLessThan(ids.indexOf(first.user._id));
    expect((res.json() as { status: string }[]).every((u) => ['Enviado', 'Aprobado', 'Rechazado'].includes(u.status))).toBe(true);
  });
});

describe('the guide application (update2 by the user)', () => {
  it('as a user I can apply: the fields are stored and my status becomes Enviado', async () => {
    const me = await t.createUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: API.userUpdate2(me.user._id),
      headers: authHeader(me.token),
      payload: { ...application, other1: ' youtube.com/@ana ', status: 'Enviado' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...application, other1: 'youtube.com/@ana', other2: '', status: 'Enviado', role: 'user' });
  });

  it('a new application replaces the earlier one', async () => {
    const me = await t.createUser();
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: API.userUpdate2(me.user._id), headers: authHeader(me.token), payload });
    await put({ ...application, other1: 'antiguo', status: 'Enviado' });
    const res = await put({ ...application, instagram: '@nuevo', status: 'Enviado' });
    expect(res.json()).toMatchObject({ instagram: '@nuevo', other1: '', status: 'Enviado' });
  });

  it('shows each missing required field with its Spanish message', async () => {
    const me = await t.createUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: API.userUpdate2(me.user._id),
      headers: authHeader(me.token),
      payload: { instagram: ' ', status: 'Enviado' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      instagram: MSG.instagramRequired,
      facebook: MSG.facebookRequired,
      linkedin: MSG.linkedinRequired,
      about_you: MSG.aboutYouRequired,
    });
    const after = await t.app.inject({ method: 'GET', url: API.user(me.user._id), headers: authHeader(me.token) });
    expect(after.json().status).toBe('none');
  });

  it('a guide cannot apply again (403)', async () => {
    const guide = await t.createUser({ role: 'guide', status: 'Aprobado' });
    const res = await t.app.inject({
      method: 'PUT',
      url: API.userUpdate2(guide.user._id),
      headers: authHeader(guide.token),
      payload: { ...application, status: 'Enviado' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.guideOnlyUsers);
  });

  it('a user cannot set another status or role on themself (403), and nothing changes', async () => {
    const me = await t.createUser();
    for (const payload of [{ status: 'Aprobado' }, { role: 'guide' }, { role: 'admin' }, { status: 'Aprobado', role: 'guide' }]) {
      const res = await t.app.inject({ method: 'PUT', url: API.userUpdate2(me.user._id), headers: authHeader(me.token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const after = await t.app.inject({ method: 'GET', url: API.user(me.user._id), headers: authHeader(me.token) });
    expect(after.json()).toMatchObject({ role: 'user', status: 'none' });
  });

  it("a user cannot update someone else's profile (403)", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: API.userUpdate2(other.user._id),
      headers: authHeader(me.token),
      payload: { photo_url: '' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the profile photo (update2 by the user)', () => {
  it('accepts an upload of this server and "" to remove it', async () => {
    const me = await t.createUser();
    const url = await registerUpload(t.db, me.user._id);
    const set = await t.app.inject({ method: 'PUT', url: API.userUpdate2(me.user._id), headers: authHeader(me.token), payload: { photo_url: url } });
    expect(set.statusCode).toBe(200);
    expect(set.json().photo_url).toBe(url);
    const removed = await t.app.inject({ method: 'PUT', url: API.userUpdate2(me.user._id), headers: authHeader(me.token), payload: { photo_url: '' } });
    expect(removed.json().photo_url).toBe('');
  });

  it('refuses a photo that was not uploaded here', async () => {
    const me = await t.createUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: API.userUpdate2(me.user._id),
      headers: authHeader(me.token),
      payload: { photo_url: 'https://res.cloudinary.com/demo/image/upload/sample.jpg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: MSG.uploadNotOurs, fields: { photo_url: MSG.uploadNotOurs } } });
  });

  it('a guide and an admin can change their own photo too', async () => {
    for (const who of [await t.createUser({ role: 'guide', status: 'Aprobado' }), await t.createAdmin()]) {
      const url = await registerUpload(t.db, who.user._id);
      const res = await t.app.inject({ method: 'PUT', url: API.userUpdate2(who.user._id), headers: authHeader(who.token), payload: { photo_url: url } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ photo_url: url, role: who.user.role });
    }
  });
});

describe('changing the password (update1)', () => {
  it('old token 401, new token works, old password refused, new password accepted', async () => {
    const me = await t.createUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: API.userUpdate1(me.user._id),
      headers: authHeader(me.token),
      payload: { password: 'una-clave-nueva-123' },
    });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json() as { user: { _id: string }; token: string };
    expect(user._id).toBe(me.user._id);

    const withOld = await t.app.inject({ method: 'GET', url: API.user(me.user._id), headers: authHeader(me.token) });
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: MSG.unauthorized } });
    const withNew = await t.app.inject({ method: 'GET', url: API.user(me.user._id), headers: authHeader(token) });
    expect(withNew.statusCode).toBe(200);

    const oldLogin = await t.app.inject({ method: 'POST', url: API.login, payload: { email: me.user.email, password: me.password } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({ method: 'POST', url: API.login, payload: { email: me.user.email, password: 'una-clave-nueva-123' } });
    expect(newLogin.statusCode).toBe(200);
  });

  it('can change the photo along with the password', async () => {
    const me = await t.createUser();
    const url = await registerUpload(t.db, me.user._id);
    const res = await t.app.inject({
      method: 'PUT',
      url: API.userUpdate1(me.user._id),
      headers: authHeader(me.token),
      payload: { password: 'otra-clave-nueva', photo_url: url },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.photo_url).toBe(url);
  });

  it('refuses a short or missing password with the Spanish message, and the old token keeps working', async () => {
    const me = await t.createUser();
    for (const [payload, message] of [
      [{ password: 'corta' }, MSG.passwordMin],
      [{}, MSG.passwordRequired],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: API.userUpdate1(me.user._id), headers: authHeader(me.token), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ password: message });
    }
    const still = await t.app.inject({ method: 'GET', url: API.user(me.user._id), headers: authHeader(me.token) });
    expect(still.statusCode).toBe(200);
  });

  it("nobody changes someone else's password, not even an admin (403)", async () => {
    const me = await t.createUser();
    const admin = await t.createAdmin();
    for (const caller of [await t.createUser(), admin]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: API.userUpdate1(me.user._id),
        headers: authHeader(caller.token),
        payload: { password: 'clave-de-otro-1' },
      });
      expect(res.statusCode).toBe(403);
    }
    const login = await t.app.inject({ method: 'POST', url: API.login, payload: { email: me.user.email, password: me.password } });
    expect(login.statusCode).toBe(200);
  });
});
