import { beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type Role, type Status, type User } from '@sendero/contract';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';

const t = useTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.createAdmin({ firstname: 'Rosa Elena', lastname: 'Quispe Mamani' });
});

const APPROVE = { status: 'Aprobado', role: 'guide' };
const REJECT = { status: 'Rechazado', role: 'user' };
const BLOCK = { status: 'none', role: 'user' };

async function adminPut(id: string, payload: object, token = admin.token) {
  return api(t, token).put<User & ErrorBody>(API.userUpdate2(id), payload);
}

async function stateOf(id: string): Promise<{ status: Status; role: Role }> {
  const res = await api(t, admin.token).get<User & ErrorBody>(API.user(id));
  const { status, role } = res.body;
  return { status, role };
}

async function actionsOf(id: string) {
  const res = await api(t, admin.token).get(API.adminActions(id));
  expect(res.status).toBe(200);
  return res.body as { action: string; admin: { _id: string; name: string }; target_type: string; target_id: string }[];
}

describe('admin transitions on a guide application', () => {
  it('approve: Enviado -> Aprobado/guide, and the new role applies on the next request', async () => {
    const applicant = await t.createUser({ status: 'Enviado' });
    const res = await adminPut(applicant.user._id, APPROVE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: applicant.user._id, status: 'Aprobado', role: 'guide' });
    // The applicant's existing token now carries the guide role: guides may not apply any more.
    const reapply = await api(t, applicant.token).put<User & ErrorBody>(API.userUpdate2(applicant.user._id), { instagram: 'a', facebook: 'b', linkedin: 'c', about_you: 'd', status: 'Enviado' });
    expect(reapply.status).toBe(403);
  });

  it('approve also works from none and from Rechazado, but not from Aprobado (409)', async () => {
    for (const status of ['none', 'Rechazado'] as const) {
      const u = await t.createUser({ status });
      expect((await adminPut(u.user._id, APPROVE)).status).toBe(200);
    }
    const approved = await t.createUser({ role: 'guide', status: 'Aprobado' });
    const res = await adminPut(approved.user._id, APPROVE);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: MSG.approveNotAllowed } });
  });

  it('reject: Enviado or none -> Rechazado/user; refused from Rechazado and Aprobado (409)', async () => {
    for (const status of ['Enviado', 'none'] as const) {
      const u = await t.createUser({ status });
      const res = await adminPut(u.user._id, REJECT);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'Rechazado', role: 'user' });
    }
    for (const [role, status] of [
      ['user', 'Rechazado'],
      ['guide', 'Aprobado'],
    ] as const) {
      const u = await t.createUser({ role, status });
      const res = await adminPut(u.user._id, REJECT);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(MSG.rejectNotAllowed);
      expect(await stateOf(u.user._id)).toEqual({ status, role });
    }
  });

  it('block guide benefits: Aprobado -> none/user; refused from any other status (409)', async () => {
    const guide = await t.createUser({ role: 'guide', status: 'Aprobado' });
    const res = await adminPut(guide.user._id, BLOCK);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'none', role: 'user' });
    for (const status of ['none', 'Enviado', 'Rechazado'] as const) {
      const u = await t.createUser({ status });
      const refused = await adminPut(u.user._id, BLOCK);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(MSG.blockNotAllowed);
    }
  });

  it('any other combination is a 409 that says the change is not allowed', async () => {
    const u = await t.createUser({ status: 'Enviado' });
    for (const payload of [
      { status: 'Aprobado', role: 'user' },
      { status: 'Enviado', role: 'user' },
      { status: 'none', role: 'guide' },
    ]) {
      const res = await adminPut(u.user._id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(409);
      expect(res.body.error.message).toBe(MSG.transitionInvalid);
    }
    expect(await stateOf(u.user._id)).toEqual({ status: 'Enviado', role: 'user' });
  });

  it('an admin body must be exactly {status, role} (400 otherwise)', async () => {
    const u = await t.createUser({ status: 'Enviado' });
    const missing = await adminPut(u.user._id, { status: 'Aprobado' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ role: MSG.validation });
    const extra = await adminPut(u.user._id, { ...APPROVE, about_you: 'hola' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields).toEqual({ about_you: MSG.unknownField });
  });

  it('an unknown user is a 404', async () => {
    const res = await adminPut('00000000-0000-4000-8000-000000000000', APPROVE);
    expect(res.status).toBe(404);
  });
});

describe('nobody can become an administrator', () => {
  it('not through an admin transition (409), not by oneself (403)', async () => {
    const u = await t.createUser({ status: 'Enviado' });
    for (const status of ['none', 'Enviado', 'Aprobado', 'Rechazado']) {
      const res = await adminPut(u.user._id, { status, role: 'admin' });
      expect(res.status).toBe(409);
    }
    const self = await api(t, u.token).put<User & ErrorBody>(API.userUpdate2(u.user._id), { role: 'admin' });
    expect(self.status).toBe(403);
    expect((await stateOf(u.user._id)).role).toBe('user');
  });

  it('an admin cannot change another administrator (409)', async () => {
    const other = await t.createAdmin();
    const res = await adminPut(other.user._id, BLOCK);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.adminTargetNotAllowed);
  });

  it('registering ignores any attempt to pass a role (unknown field, 400)', async () => {
    const res = await api(t).post<User & ErrorBody>(API.register, { email: 'quiero-ser-admin@example.com', password: 'clave-larga-1', firstname: 'A', lastname: 'B', role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ role: MSG.unknownField });
  });
});

describe('the admin actions log', () => {
  it('records approve, reject and block_guide with the admin, newest first', async () => {
    const u = await t.createUser({ status: 'Enviado' });
    await adminPut(u.user._id, REJECT);
    await adminPut(u.user._id, APPROVE);
    await adminPut(u.user._id, BLOCK);
    const log = await actionsOf(u.user._id);
    expect(log.map((a) => a.action)).toEqual(['block_guide', 'approve', 'reject']);
    for (const entry of log) {
      expect(entry).toMatchObject({ admin: { _id: admin.user._id, name: 'Rosa Quispe' }, target_type: 'user', target_id: u.user._id });
    }
  });

  it('a refused transition records nothing', async () => {
    const u = await t.createUser({ status: 'none' });
    expect((await adminPut(u.user._id, BLOCK)).status).toBe(409);
    expect(await actionsOf(u.user._id)).toEqual([]);
  });

  it('a target that is not a UUID is a 404, a missing one a 400', async () => {
    const bad = await api(t, admin.token).get('/api/admin/actions?target=123');
    expect(bad.status).toBe(404);
    const missing = await api(t, admin.token).get('/api/admin/actions');
    expect(missing.status).toBe(400);
  });
});

describe('GET /api/admin/{id}', () => {
  it('an admin reads their own record', async () => {
    const res = await api(t, admin.token).get(API.admin(admin.user._id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: admin.user._id,
      firstname: 'Rosa Elena',
      lastname: 'Quispe Mamani',
      photo_url: '',
      email: admin.user.email,
    });
  });

  it("another admin's id is a 404", async () => {
    const other = await t.createAdmin();
    const res = await api(t, admin.token).get(API.admin(other.user._id));
    expect(res.status).toBe(404);
  });
});
