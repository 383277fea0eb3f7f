import { describe, expect, it } from 'vitest';
import { API, type LoginResponse, MSG, type User } from '@sendero/contract';
import { toErrorReply } from '@/plugins/errors.js';
import { AppError, conflict } from '@/errors.js';
import { useTestApp } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { checkResponse, leaksIn, rememberPassword, takeViolations } from './helpers/secret-guard.js';

describe('unexpected failures', () => {
  const t = useTestApp();

  it('a failing database gives a 500 that says only that something failed, logged with the request id', async () => {
    await t.database.close();
    const res = await api(t).get(API.health);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'INTERNAL_ERROR', message: MSG.internal } });
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.level === 50);
    expect(line).toMatchObject({ msg: 'request failed', reqId: expect.any(String) });
    expect(line.err).toBeDefined();
  });
});

describe('logs', () => {
  // Request lines are written at debug: scanned too.
  const t = useTestApp({ logLevel: 'debug' });

  it('never contain a password, a hash or a token', async () => {
    const password = 'mi-clave-secreta-77';
    rememberPassword(password);
    await api(t).post<User & ErrorBody>(API.register, { email: 'log@example.com', password, firstname: 'L', lastname: 'G' });
    const login = await api(t).post<LoginResponse & ErrorBody>(API.login, { email: 'log@example.com', password });
    const { token, _id } = login.body;
    await api(t, token).get<User & ErrorBody>(API.user(_id));
    await api(t, token).put<{ user: User; token: string } & ErrorBody>(API.userUpdate1(_id), { password: 'otra-clave-secreta-88' });
    const all = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(4);
    expect(all).not.toContain(password);
    expect(all).not.toContain('otra-clave-secreta-88');
    expect(all).not.toContain('$argon2');
    expect(all).not.toContain(token);
  });
});

describe('the error mapping', () => {
  it('keeps AppError statuses and messages', () => {
    expect(toErrorReply(conflict(MSG.emailInUse))).toEqual({ status: 409, body: { error: { code: 'CONFLICT', message: MSG.emailInUse } } });
    expect(toErrorReply(new AppError(400, 'VALIDATION_ERROR', MSG.validation, { a: 'b' })).body.error.fields).toEqual({ a: 'b' });
  });

  it('hides the message of anything else behind a 500', () => {
    const reply = toErrorReply(new Error('connection refused at 10.0.0.3 with password hunter2'));
    expect(reply).toEqual({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: MSG.internal } } });
    expect(toErrorReply('a string').status).toBe(500);
    expect(toErrorReply(null).status).toBe(500);
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 503 })).status).toBe(500);
  });

  it('maps framework 4xx errors to Spanish messages', () => {
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 413 })).body.error.message).toBe(MSG.payloadTooLarge);
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 415 })).body.error.message).toBe(MSG.unsupportedMediaType);
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 418 })).status).toBe(400);
  });
});

describe('the secret guard used by every test', () => {
  it('catches hashes, stack traces, known passwords and password keys', () => {
    rememberPassword('guardia-clave-1');
    expect(leaksIn('{"h":"$argon2id$v=19$m=19456"}')).toEqual(['an argon2 hash']);
    expect(leaksIn('Error: boom\n    at handler (/work/app.ts:10:5)')).toEqual(['a stack trace']);
    expect(leaksIn('{"x":"guardia-clave-1"}')).toEqual(['the password "guardia-clave-1"']);
    checkResponse('GET /x -> 200', 'application/json', '{"user":{"password":"***"}}');
    checkResponse('GET /y -> 400', 'application/json', '{"error":{"code":"VALIDATION_ERROR","message":"m","fields":{"password":"m"}}}');
    const caught = takeViolations();
    expect(caught).toHaveLength(1);
    expect(caught[0]).toContain('user.password');
  });
});
