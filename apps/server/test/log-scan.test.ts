import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, type Deleted, type LoginResponse, MSG, type Place, type Rating, type RatingListItem, type User } from '@sendero/contract';
import { serializeError } from '@/log-safety.js';
import { useTestApp } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { rememberPassword, takeViolations } from './helpers/secret-guard.js';
import { placeInput, uploadedUrl } from './helpers/upload-fixtures.js';

/**
 * docs/product.md#errors: a known password goes through every call that handles one (and every other call), a database
 * statement fails with a password hash among its parameters, and then everything the server logged, at
 * trace level, is scanned for the password, the hashes and the tokens.
 */
describe('no secret in any log line', () => {
  const t = useTestApp({ logLevel: 'trace' });
  const password = 'clave-conocida-del-registro-42';
  const newPassword = 'clave-conocida-nueva-43';
  beforeAll(async () => {
    rememberPassword(password);
    rememberPassword(newPassword);
  });

  it('after every call and a failed statement, no log line has the password, a hash or a token', async () => {
    const admin = await t.createAdmin({ password });
    const email = 'registro@example.com';
    const registered = await api(t).post<User & ErrorBody>(API.register, { email, password, firstname: 'Ana', lastname: 'Log' });
    expect(registered.status).toBe(201);
    const login = await api(t).post<LoginResponse & ErrorBody>(API.login, { email, password });
    const { token, _id } = login.body as { token: string; _id: string };
    const adminLogin = await api(t).post<LoginResponse & ErrorBody>(API.adminLogin, { email: admin.user.email, password });
    const adminToken = (adminLogin.body as { token: string }).token;
    // Wrong passwords, the per-email limit, a refused admin login.
    for (let i = 0; i < 3; i++) await api(t).post<LoginResponse & ErrorBody>(API.login, { email, password: `${password}-mal-${i}` });
    await api(t).post<LoginResponse & ErrorBody>(API.adminLogin, { email, password });

    const photo = await uploadedUrl(t, token);
    const place = await api(t, token).post<Place & ErrorBody>(API.placeCreate, placeInput([photo]));
    const placeId = (place.body as { _id: string })._id;
    await api(t, adminToken).put<Place & ErrorBody>(API.placeVerified(placeId));
    await api(t, token).put<Place & ErrorBody>(API.placeUpdate(placeId), { name: 'Otro nombre' });
    const review = await api(t, token).post<Rating & ErrorBody>(API.ratingCreate, { id_place: placeId, photo_url: photo, rating: 5, comment: 'Bien' });
    await api(t).get<RatingListItem[] & ErrorBody>(API.ratings(placeId));
    await api(t, token).delete<Deleted & ErrorBody>(API.ratingDelete((review.body as { _id: string })._id));
    await api(t, token).get<User & ErrorBody>(API.user(_id));
    await api(t, adminToken).get<User[] & ErrorBody>(API.users);
    await api(t, adminToken).get(API.admin(admin.user._id));
    await api(t, token).put<User & ErrorBody>(API.userUpdate2(_id), { photo_url: photo });
    const changed = await api(t, token).put<{ user: User; token: string } & ErrorBody>(API.userUpdate1(_id), { password: newPassword });
    const newToken = (changed.body as { token: string }).token;
    // A stale token, a malformed one, a token in the query string.
    await api(t, token).get<User & ErrorBody>(API.user(_id));
    await api(t).get(`${API.user(_id)}?token=${newToken}`, { authorization: `Bearer ${newToken}x` });
    await api(t, adminToken).delete<Deleted & ErrorBody>(API.placeDelete(placeId));

    // A statement that fails with the new user's hash among its parameters (a trigger refuses the insert).
    await t.db.execute(sql.raw(`create function sendero_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'insert refused by test'; end $$`));
    await t.db.execute(sql.raw(`create trigger sendero_test_refuse before insert on users for each row execute function sendero_test_refuse()`));
    const failed = await api(t).post<User & ErrorBody>(API.register, { email: 'otra@example.com', password, firstname: 'B', lastname: 'C' });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: { code: 'INTERNAL_ERROR', message: MSG.internal } });
    await t.db.execute(sql.raw(`drop trigger sendero_test_refuse on users`));
    await t.db.execute(sql.raw(`drop function sendero_test_refuse()`));

    const hashes = (await t.db.execute(sql.raw(`select password_hash from users`))) as unknown as { rows?: { password_hash: string }[] };
    const rows = hashes.rows ?? (hashes as unknown as { password_hash: string }[]);
    expect(rows.length).toBeGreaterThan(1);

    const all = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(30);
    // The failure was logged (with the request id), without its parameters.
    const failure = t.logs.map((l) => JSON.parse(l) as { msg?: string; err?: { message: string; cause?: { message: string } } }).find((l) => l.msg === 'request failed');
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure?.err?.cause?.message).toContain('insert refused by test');
    for (const secret of [password, newPassword, token, newToken, adminToken, ...rows.map((r) => r.password_hash)]) {
      expect(all.includes(secret), `a log line contains ${secret.slice(0, 12)}...`).toBe(false);
    }
    expect(all).not.toContain('$argon2');
    // The suite-wide guard saw the same lines; nothing for it to report either.
    expect(takeViolations()).toEqual([]);
  });

  it('the error serializer drops statement parameters, row details, hashes and tokens, also in causes', () => {
    const cause = Object.assign(new Error('null value in column "x" violates not-null constraint'), {
      code: '23502',
      detail: 'Failing row contains (1, a@b.com, $argon2id$v=19$m=19456,t=2,p=1$abc$def).',
      table: 'users',
    });
    const error = Object.assign(new Error('Failed query: insert into "users" values ($1, $2)\nparams: a@b.com,$argon2id$v=19$m=19456,t=2,p=1$abc$def'), {
      params: ['a@b.com', '$argon2id$v=19$m=19456,t=2,p=1$abc$def'],
      cause,
    });
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('a@b.com');
    expect(text).toContain('Failed query: insert into \\"users\\"');
    expect(text).toContain('23502');
    expect(JSON.stringify(serializeError(new Error('bad token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ')))).not.toContain('eyJ');
  });
});
