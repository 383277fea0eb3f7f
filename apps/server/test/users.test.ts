import { describe, expect, it } from 'vitest';
import { API, type LoginResponse, MSG, type User } from '@sendero/contract';
import { useTestApp } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { registerUpload } from './helpers/uploads.js';

const t = useTestApp();

const application = {
  instagram: '@ana.cumbres',
  facebook: 'facebook.com/ana.cumbres',
  linkedin: 'linkedin.com/in/ana-cumbres',
  about_you: 'Guío grupos en la sierra de Lima desde 2015.',
};

describe('reading a user', () => {
  it('as a user I can read my own profile', async () => {
    const me = await t.createUser({ firstname: 'Lucía' });
    const res = await api(t, me.token).get<User & ErrorBody>(API.user(me.user._id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(me.user);
  });

  it("as a user I get 404 for someone else's profile, as for an unknown id", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    for (const id of [other.user._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api(t, me.token).get<User & ErrorBody>(API.user(id));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: MSG.userNotFound } });
    }
  });

  it('as an admin I can read any user', async () => {
    const admin = await t.createAdmin();
    const other = await t.createUser();
    const res = await api(t, admin.token).get<User & ErrorBody>(API.user(other.user._id));
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(other.user._id);
  });
});

describe('the admin lists of users', () => {
  it('lists every non-admin user, newest first, and filters by status', async () => {
    const admin = await t.createAdmin();
    const sent = await t.createUser({ status: 'Enviado' });
    const all = await api(t, admin.token).get<User[] & ErrorBody>(API.users);
    expect(all.status).toBe(200);
    const list = all.body;
    expect(list.some((u) => u.role === 'admin')).toBe(false);
    expect(list.map((u) => u._id)).toContain(sent.user._id);
    const dates = list.map((u) => u.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const filtered = await api(t, admin.token).get<User[] & ErrorBody>(`${API.users}?status=Enviado`);
    expect(filtered.body.every((u) => u.status === 'Enviado')).toBe(true);
    expect(filtered.body.map((u) => u._id)).toContain(sent.user._id);
  });

  it('refuses an unknown status filter with a 400', async () => {
    const admin = await t.createAdmin();
    const res = await api(t, admin.token).get<User[] & ErrorBody>(`${API.users}?status=enviado`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('lists guide applications (Enviado, Aprobado, Rechazado), newest application first', async () => {
    const admin = await t.createAdmin();
    const first = await t.createUser();
    const second = await t.createUser();
    const none = await t.createUser();
    for (const u of [first, second]) {
      const res = await api(t, u.token).put<User & ErrorBody>(API.userUpdate2(u.user._id), { ...application, status: 'Enviado' });
      expect(res.status).toBe(200);
    }
    const res = await api(t, admin.token).get<User[] & ErrorBody>(API.usersRequests);
    expect(res.status).toBe(200);
    const ids = res.body.map((u) => u._id);
    expect(ids).not.toContain(none.user._id);
    expect(ids.indexOf(second.user._id)).toBeLessThan(ids.indexOf(first.user._id));
    expect(res.body.every((u) => ['Enviado', 'Aprobado', 'Rechazado'].includes(u.status))).toBe(true);
  });
});

describe('the guide application (update2 by the user)', () => {
  it('as a user I can apply: the fields are stored and my status becomes Enviado', async () => {
    const me = await t.createUser();
    const res = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { ...application, other1: ' youtube.com/@ana ', status: 'Enviado' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...application, other1: 'youtube.com/@ana', other2: '', status: 'Enviado', role: 'user' });
  });

  it('a new application replaces the earlier one', async () => {
    const me = await t.createUser();
    const put = (payload: object) =>
      api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), payload);
    await put({ ...application, other1: 'antiguo', status: 'Enviado' });
    const res = await put({ ...application, instagram: '@nuevo', status: 'Enviado' });
    expect(res.body).toMatchObject({ instagram: '@nuevo', other1: '', status: 'Enviado' });
  });

  it('shows each missing required field with its Spanish message', async () => {
    const me = await t.createUser();
    const res = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { instagram: ' ', status: 'Enviado' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      instagram: MSG.instagramRequired,
      facebook: MSG.facebookRequired,
      linkedin: MSG.linkedinRequired,
      about_you: MSG.aboutYouRequired,
    });
    const after = await api(t, me.token).get<User & ErrorBody>(API.user(me.user._id));
    expect(after.body.status).toBe('none');
  });

  it('a guide cannot apply again (403)', async () => {
    const guide = await t.createUser({ role: 'guide', status: 'Aprobado' });
    const res = await api(t, guide.token).put<User & ErrorBody>(API.userUpdate2(guide.user._id), { ...application, status: 'Enviado' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(MSG.guideOnlyUsers);
  });

  it('a user cannot set another status or role on themself (403), and nothing changes', async () => {
    const me = await t.createUser();
    for (const payload of [{ status: 'Aprobado' }, { role: 'guide' }, { role: 'admin' }, { status: 'Aprobado', role: 'guide' }]) {
      const res = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), payload);
      expect(res.status, JSON.stringify(payload)).toBe(403);
    }
    const after = await api(t, me.token).get<User & ErrorBody>(API.user(me.user._id));
    expect(after.body).toMatchObject({ role: 'user', status: 'none' });
  });

  it("a user cannot update someone else's profile (403)", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const res = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(other.user._id), { photo_url: '' });
    expect(res.status).toBe(403);
  });
});

describe('the profile photo (update2 by the user)', () => {
  it('accepts an upload of this server and "" to remove it', async () => {
    const me = await t.createUser();
    const url = await registerUpload(t.db, me.user._id);
    const set = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { photo_url: url });
    expect(set.status).toBe(200);
    expect(set.body.photo_url).toBe(url);
    const removed = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { photo_url: '' });
    expect(removed.body.photo_url).toBe('');
  });

  it('refuses a photo that was not uploaded here', async () => {
    const me = await t.createUser();
    const res = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { photo_url: 'https://res.cloudinary.com/demo/image/upload/sample.jpg' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: MSG.uploadNotOurs, fields: { photo_url: MSG.uploadNotOurs } } });
  });

  it('a guide and an admin can change their own photo too', async () => {
    for (const who of [await t.createUser({ role: 'guide', status: 'Aprobado' }), await t.createAdmin()]) {
      const url = await registerUpload(t.db, who.user._id);
      const res = await api(t, who.token).put<User & ErrorBody>(API.userUpdate2(who.user._id), { photo_url: url });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ photo_url: url, role: who.user.role });
    }
  });
});

describe('changing the password (update1)', () => {
  it('old token 401, new token works, old password refused, new password accepted', async () => {
    const me = await t.createUser();
    const res = await api(t, me.token).put<{ user: User; token: string } & ErrorBody>(API.userUpdate1(me.user._id), { password: 'una-clave-nueva-123' });
    expect(res.status).toBe(200);
    const { user, token } = res.body;
    expect(user._id).toBe(me.user._id);

    const withOld = await api(t, me.token).get<User & ErrorBody>(API.user(me.user._id));
    expect(withOld.status).toBe(401);
    expect(withOld.body).toEqual({ error: { code: 'UNAUTHORIZED', message: MSG.unauthorized } });
    const withNew = await api(t, token).get<User & ErrorBody>(API.user(me.user._id));
    expect(withNew.status).toBe(200);

    const oldLogin = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: me.user.email, password: me.password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: me.user.email, password: 'una-clave-nueva-123' });
    expect(newLogin.status).toBe(200);
  });

  it('can change the photo along with the password', async () => {
    const me = await t.createUser();
    const url = await registerUpload(t.db, me.user._id);
    const res = await api(t, me.token).put<{ user: User; token: string } & ErrorBody>(API.userUpdate1(me.user._id), { password: 'otra-clave-nueva', photo_url: url });
    expect(res.status).toBe(200);
    expect(res.body.user.photo_url).toBe(url);
  });

  it('refuses a short or missing password with the Spanish message, and the old token keeps working', async () => {
    const me = await t.createUser();
    for (const [payload, message] of [
      [{ password: 'corta' }, MSG.passwordMin],
      [{}, MSG.passwordRequired],
    ] as const) {
      const res = await api(t, me.token).put<{ user: User; token: string } & ErrorBody>(API.userUpdate1(me.user._id), payload);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ password: message });
    }
    const still = await api(t, me.token).get<User & ErrorBody>(API.user(me.user._id));
    expect(still.status).toBe(200);
  });

  it("nobody changes someone else's password, not even an admin (403)", async () => {
    const me = await t.createUser();
    const admin = await t.createAdmin();
    for (const caller of [await t.createUser(), admin]) {
      const res = await api(t, caller.token).put<{ user: User; token: string } & ErrorBody>(API.userUpdate1(me.user._id), { password: 'clave-de-otro-1' });
      expect(res.status).toBe(403);
    }
    const login = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: me.user.email, password: me.password });
    expect(login.status).toBe(200);
  });
});
