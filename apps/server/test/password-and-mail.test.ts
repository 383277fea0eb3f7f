import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type AdminAction, API, type Deleted, type LoginResponse, MSG, type Outing, type Place, type ResetLink, type User } from '@sendero/contract';
import { passwordResets } from '@/db/schema.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace } from './helpers/upload-fixtures.js';
import { startSilentServer, startSmtpServer, unusedPort, type TestSmtp } from './helpers/smtp.js';

const PUBLIC_URL = 'https://sendero.example';

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Sendero <no-reply@sendero.example>' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Waits for background work and the SMTP round trips it started. */
const settle = () => t.app.settleBackground();

function linkIn(text: string): URL {
  const match = /https:\/\/sendero\.example\/restablecer\?token=[A-Za-z0-9_-]+/.exec(text);
  expect(match, text).not.toBeNull();
  return new URL(match![0]);
}

const forgot = (email: string, ip = '10.0.0.1') =>
  api(t, undefined, { remoteAddress: ip }).post<ErrorBody>(API.passwordForgot, { email });
const reset = (token: string, password: string) =>
  api(t).post<ErrorBody>(API.passwordReset, { token, password });

describe('as a user who forgot the password', () => {
  it('I get a link by mail that sets a new password once, and every old session ends', async () => {
    const me = await t.createUser({ firstname: 'Lucía Inés' });
    const res = await forgot(me.user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await settle();

    const [mail] = smtp.to(me.user.email);
    expect(mail, 'one reset mail').toBeDefined();
    expect(mail!.parsed.subject).toBe('Restablece tu contraseña de Sendero');
    expect(mail!.parsed.from?.text).toContain('no-reply@sendero.example');
    expect(mail!.parsed.text).toContain('Hola, Lucía:');
    expect(mail!.parsed.html).toContain('href="https://sendero.example/restablecer?token=');
    const link = linkIn(mail!.parsed.text ?? '');
    const token = link.searchParams.get('token')!;
    // Only a hash is stored.
    const stored = await t.db.select().from(passwordResets);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    const ok = await reset(token, 'mi-clave-nueva-2026');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ ok: true });

    const again = await reset(token, 'otra-clave-2026');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: MSG.resetInvalid, fields: { token: MSG.resetInvalid } } });

    const oldSession = await api(t, me.token).get<User & ErrorBody>(API.user(me.user._id));
    expect(oldSession.status).toBe(401);
    const oldPassword = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: me.user.email, password: me.password });
    expect(oldPassword.status).toBe(401);
    const newPassword = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: me.user.email, password: 'mi-clave-nueva-2026' });
    expect(newPassword.status).toBe(200);
  });

  it('an unknown e-mail gets the same answer and no mail is sent', async () => {
    const before = smtp.mails.length;
    const known = await t.createUser();
    const a = await forgot('nadie-registrado@example.com', '10.0.0.2');
    const b = await forgot(known.user.email, '10.0.0.2');
    expect(a.status).toBe(200);
    expect(a.raw.body).toBe(b.raw.body);
    expect(a.headers['content-length']).toBe(b.headers['content-length']);
    await settle();
    expect(smtp.mails.length).toBe(before + 1);
    expect(smtp.to('nadie-registrado@example.com')).toHaveLength(0);
  });

  it('a link stops working after an hour, and a newer reset kills the older links', async () => {
    const me = await t.createUser();
    await forgot(me.user.email, '10.0.0.3');
    await forgot(me.user.email, '10.0.0.3');
    await settle();
    const [first, second] = smtp.to(me.user.email).map((m) => linkIn(m.parsed.text ?? '').searchParams.get('token')!);
    expect(first && second && first !== second).toBe(true);

    await t.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResets.idUser, me.user._id));
    expect((await reset(second!, 'clave-nueva-123')).status).toBe(400);

    await t.db.update(passwordResets).set({ expiresAt: sql`now() + interval '1 hour'` }).where(eq(passwordResets.idUser, me.user._id));
    expect((await reset(second!, 'clave-nueva-123')).status).toBe(200);
    // The other open link of that user died with the reset.
    expect((await reset(first!, 'clave-nueva-456')).status).toBe(400);
  });

  it.each([
    ['unknown', 'A'.repeat(43)],
    ['tampered', 'abc-def_ghi'],
    ['malformed', 'no es un token <script>'],
    ['too long', 'a'.repeat(500)],
    ['empty', ''],
  ])('a %s token is refused with the same Spanish message', async (_kind, token) => {
    const res = await reset(token, 'clave-nueva-123');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.resetInvalid);
  });

  it('the new password follows the registration rules', async () => {
    const short = await reset('A'.repeat(43), 'corta');
    expect(short.status).toBe(400);
    expect(short.body.error.fields?.password).toBe(MSG.passwordMin);
    const missing = await api(t).post<ErrorBody>(API.passwordReset, { token: 'abc' });
    expect(missing.body.error.fields?.password).toBe(MSG.passwordRequired);
    const extra = await api(t).post<ErrorBody>(API.passwordReset, { token: 'abc', password: 'clave-nueva-1', role: 'admin' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields?.role).toBe(MSG.unknownField);
  });

  it('bad e-mails get a Spanish 400, and asking too often for one e-mail gets 429', async () => {
    for (const email of ['', 'no-es-correo', `${'a'.repeat(300)}@example.com`, 'ana@exa\r\nmple.com', 'ñandú@例え.テスト\u0000']) {
      const res = await forgot(email, '10.0.0.4');
      expect(res.status, email).toBe(400);
      expect(res.body.error.fields?.email).toBeDefined();
    }
    const me = await t.createUser();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await forgot(me.user.email, `10.0.1.${i}`)).status);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    const limited = await forgot(me.user.email, '10.0.1.9');
    expect(limited.body.error.message).toBe(MSG.tooManyAttempts);
    await settle();
    expect(smtp.to(me.user.email)).toHaveLength(3);
  });
});

describe('as an administrator', () => {
  it('I can make a reset link for a user; it works once and is in the actions log', async () => {
    const admin = await t.createAdmin();
    const user = await t.createUser();
    const res = await api(t, admin.token).post<ResetLink & ErrorBody>(API.adminResetLink(user.user._id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const link = linkIn(res.body.url);
    expect(link.pathname).toBe('/restablecer');
    expect((await reset(link.searchParams.get('token')!, 'clave-del-admin-1')).status).toBe(200);
    expect((await reset(link.searchParams.get('token')!, 'clave-del-admin-2')).status).toBe(400);

    const log = await api(t, admin.token).get<AdminAction[]>(API.adminActions(user.user._id));
    expect(log.body.map((e) => e.action)).toEqual(['reset_link']);
  });

  it('not for another administrator, nor for an unknown user', async () => {
    const admin = await t.createAdmin();
    const other = await t.createAdmin();
    const toAdmin = await api(t, admin.token).post<ErrorBody>(API.adminResetLink(other.user._id));
    expect(toAdmin.status).toBe(409);
    expect(toAdmin.body.error.message).toBe(MSG.adminTargetNotAllowed);
    const unknown = await api(t, admin.token).post<ErrorBody>(API.adminResetLink('7d1a3f52-4c4e-4a39-9b55-0e0d8b0a8a11'));
    expect(unknown.status).toBe(404);
    const notUuid = await api(t, admin.token).post(API.adminResetLink('123'));
    expect(notUuid.status).toBe(404);
  });
});

describe('notification mails', () => {
  it('tell a creator their destination was published, hidden and deleted, with its name', async () => {
    const admin = await t.createAdmin();
    const creator = await t.createUser();
    const place = await createPlace(t, creator.token, { name: 'Laguna Parón' });
    const verify = () => api(t, admin.token).put<Place & ErrorBody>(API.placeVerified(place._id));
    expect((await verify()).status).toBe(200);
    expect((await verify()).status).toBe(200);
    const del = await api(t, admin.token).delete<Deleted & ErrorBody>(API.placeDelete(place._id));
    expect(del.status).toBe(200);
    await settle();
    const subjects = smtp.to(creator.user.email).map((m) => m.parsed.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Tu destino «Laguna Parón» ya está publicado en Sendero',
        'Tu destino «Laguna Parón» ya no está publicado',
        'Tu destino «Laguna Parón» fue eliminado de Sendero',
      ]),
    );
    expect(subjects).toHaveLength(3);
    const published = smtp.to(creator.user.email).find((m) => m.parsed.subject?.includes('publicado en'))!;
    expect(published.parsed.text).toContain(`${PUBLIC_URL}/buscar-destino/destino/${place._id}`);
    expect(smtp.to(admin.user.email)).toHaveLength(0);
  });

  it('tell an applicant their guide application was approved or rejected', async () => {
    const admin = await t.createAdmin();
    const approved = await t.createUser({ status: 'Enviado' });
    const rejected = await t.createUser({ status: 'Enviado' });
    const decide = (id: string, status: string, role: string) =>
      api(t, admin.token).put<User & ErrorBody>(API.userUpdate2(id), { status, role });
    expect((await decide(approved.user._id, 'Aprobado', 'guide')).status).toBe(200);
    expect((await decide(rejected.user._id, 'Rechazado', 'user')).status).toBe(200);
    await settle();
    expect(smtp.to(approved.user.email).map((m) => m.parsed.subject)).toEqual(['Tu solicitud para ser guía fue aprobada']);
    expect(smtp.to(rejected.user.email).map((m) => m.parsed.subject)).toEqual(['Tu solicitud para ser guía no fue aprobada']);
  });

  it('tell every participant of a cancelled outing, not the guide, and not who turned mails off', async () => {
    const admin = await t.createAdmin();
    const guide = await t.createUser({ role: 'guide', status: 'Aprobado' });
    const place = await createPlace(t, guide.token, { name: 'Nevado Pastoruri' }, { verifyWith: admin.token });
    const [ana, beto, quiet] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    const startsAt = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const made = await api(t, guide.token).post<Outing>(API.outingCreate, { id_place: place._id, starts_at: startsAt, meeting_point: 'Plaza de Armas', spots: 5 });
    expect(made.status, made.raw.body).toBe(201);
    for (const hiker of [ana, beto, quiet]) expect((await api(t, hiker.token).put(API.outingJoin(made.body._id))).status).toBe(200);
    expect((await api(t, quiet.token).put(API.userUpdate2(quiet.user._id), { email_notifications: false })).status).toBe(200);
    // Beto leaves before the cancellation: he no longer holds a spot and is not told.
    expect((await api(t, beto.token).put(API.outingLeave(made.body._id))).status).toBe(200);

    const cancelled = await api(t, guide.token).put(API.outingCancel(made.body._id));
    expect(cancelled.status).toBe(200);
    await settle();
    const [mail, ...others] = smtp.to(ana.user.email);
    expect(others).toHaveLength(0);
    expect(mail!.parsed.subject).toBe('Se canceló la salida a «Nevado Pastoruri»');
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}/buscar-destino/destino/${place._id}`);
    // (The guide created the place: the only mail they got says it was published.)
    const aboutOuting = (user: { user: { email: string } }) => smtp.to(user.user.email).filter((m) => m.parsed.subject?.includes('salida'));
    for (const nobody of [guide, beto, quiet, admin]) expect(aboutOuting(nobody)).toHaveLength(0);
  });

  it("respect 'Recibir correos' turned off (the reset mail still goes)", async () => {
    const admin = await t.createAdmin();
    const me = await t.createUser({ status: 'Enviado' });
    const off = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { email_notifications: false });
    expect(off.status).toBe(200);
    expect(off.body.email_notifications).toBe(false);
    await api(t, admin.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { status: 'Aprobado', role: 'guide' });
    await forgot(me.user.email, '10.0.2.1');
    await settle();
    expect(smtp.to(me.user.email).map((m) => m.parsed.subject)).toEqual(['Restablece tu contraseña de Sendero']);
  });

  it("'Recibir correos' takes only a boolean, and only from the user themself", async () => {
    const admin = await t.createAdmin();
    const me = await t.createUser();
    const bad = await api(t, me.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { email_notifications: 'no' });
    expect(bad.status).toBe(400);
    const byAdmin = await api(t, admin.token).put<User & ErrorBody>(API.userUpdate2(me.user._id), { email_notifications: false });
    expect(byAdmin.status).toBe(400);
    const mine = await api(t, me.token).get<User & ErrorBody>(API.user(me.user._id));
    expect(mine.body.email_notifications).toBe(true);
  });

  it('never let a name or a place name add mail headers', async () => {
    const admin = await t.createAdmin();
    const creator = await t.createUser({ firstname: 'Eva\r\nBcc: intruso@example.com' });
    const place = await createPlace(t, creator.token, { name: 'Cañón\r\nBcc: intruso@example.com\r\nX-Evil: 1' });
    await api(t, admin.token).put<Place & ErrorBody>(API.placeVerified(place._id));
    await settle();
    const [mail] = smtp.to(creator.user.email);
    expect(mail).toBeDefined();
    expect(mail!.rcptTo).toEqual([creator.user.email]);
    expect(mail!.parsed.headers.has('x-evil')).toBe(false);
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
    expect(mail!.parsed.subject).not.toMatch(/[\r\n]/);
    expect(smtp.to('intruso@example.com')).toHaveLength(0);
  });
});

describe('when the mail server fails', () => {
  it.each([
    ['is down', async () => ({ url: `smtp://127.0.0.1:${await unusedPort()}`, close: async () => {} })],
    ['never answers', startSilentServer],
  ])('that %s, the request still succeeds at once and the failure is logged with retries', async (_kind, start) => {
    const broken = await start();
    const local = await buildTestApp({ env: { SMTP_URL: broken.url, PUBLIC_URL }, mail: { retryDelaysMs: [400, 400], timeoutMs: 300 } });
    try {
      const admin = await local.createAdmin();
      const creator = await local.createUser({ email: 'creadora.secreta@example.com' });
      const place = await createPlace(local, creator.token, { name: 'Huaraz' });
      const res = await api(local, admin.token).put<Place & ErrorBody>(API.placeVerified(place._id));
      expect(res.status).toBe(200);
      // The answer did not wait for the mail: giving up takes at least the two 400 ms retry delays, and it
      // has not happened yet when the answer is here (a wall-clock bound fails on a loaded machine).
      expect(local.logs.join('\n')).not.toContain('mail could not be sent; giving up');
      const forgotRes = await api(local).post(API.passwordForgot, { email: creator.user.email });
      expect(forgotRes.status).toBe(200);
      await local.app.settleBackground();
      const log = local.logs.join('\n');
      expect(log).toContain('mail could not be sent; retrying');
      expect(log).toContain('mail could not be sent; giving up');
      // Addresses are masked in the log.
      expect(log).not.toContain('creadora.secreta@example.com');
      expect(log).toContain('c***@example.com');
      expect(log).not.toMatch(/restablecer\?token=/);
    } finally {
      await local.close();
      await broken.close();
    }
  });
});
