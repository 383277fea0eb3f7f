import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type Place, type User } from '@sendero/contract';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type Answer, type ErrorBody } from './helpers/client.js';
import { createPlace, placeInput, upload, uploadedUrl } from './helpers/upload-fixtures.js';

/** docs/product.md#errors: hostile bodies, files and tokens get their 4xx, never a 500. */

const t = useTestApp();
let admin: TestUser;
let ana: TestUser;
let beto: TestUser;
let place: Place;
let anaPhoto: string;
let betoPhoto: string;

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([t.createAdmin(), t.createUser(), t.createUser()]);
  anaPhoto = await uploadedUrl(t, ana.token, 'rating');
  betoPhoto = await uploadedUrl(t, beto.token, 'rating');
  place = await createPlace(t, ana.token, { name: 'Laguna' }, { verifyWith: admin.token });
});

/** A refusal whose field messages the tests read by name. */
type Refusal = ErrorBody & { error: { fields: Record<string, string> } };
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token?: string) =>
  api(t, token).request<Refusal>({ method, url, payload: payload as Record<string, unknown> });

describe('NUL characters and lone surrogates', () => {
  const bad = ['Ana María\u0000', 'Ana \uD800María', '\uDC00'];

  it.each(bad)('are a 400 naming the field, on every text field of every call (%j)', async (value) => {
    const cases: [string, () => Promise<Answer<Refusal>>, string][] = [
      ['firstname', () => send('POST', API.register, { email: 'nul@example.com', password: 'clave-segura-123', firstname: value, lastname: 'Pérez' }), 'firstname'],
      ['email', () => send('POST', API.login, { email: value, password: 'x' }), 'email'],
      ['name', () => send('POST', API.placeCreate, placeInput([anaPhoto], { name: value }), ana.token), 'name'],
      ['city', () => send('POST', API.placeCreate, placeInput([anaPhoto], { city: value }), ana.token), 'city'],
      ['update name', () => send('PUT', API.placeUpdate(place._id), { name: value }, ana.token), 'name'],
      ['about_you', () => send('PUT', API.userUpdate2(ana.user._id), { instagram: 'a', facebook: 'b', linkedin: 'c', about_you: value, status: 'Enviado' }, ana.token), 'about_you'],
      ['comment', () => send('POST', API.ratingCreate, { id_place: place._id, photo_url: anaPhoto, rating: 4, comment: value }, ana.token), 'comment'],
    ];
    for (const [what, call, field] of cases) {
      const res = await call();
      expect(res.status, what).toBe(400);
      const error = res.body.error;
      expect(error.code, what).toBe('VALIDATION_ERROR');
      expect(error.fields[field], what).toBe(MSG.invalidCharacters);
    }
    // Nothing was written.
    const me = (await api(t, ana.token).get<User>(API.user(ana.user._id))).body;
    expect(me.about_you).toBe('');
  });
});

describe('numbers the database cannot store', () => {
  it('hours too small for the database column are a 400 on their field (found by the fuzzer)', async () => {
    for (const [override, field, message] of [
      [{ time: [3.5e-247, 2] }, 'time.0', MSG.timeInvalid],
      [{ time: [0, 1e-40] }, 'time.1', MSG.timeInvalid],
      [{ time_city: 2.7e-230 }, 'time_city', MSG.timeCityInvalid],
    ] as const) {
      const res = await send('POST', API.placeCreate, placeInput([anaPhoto], override as never), ana.token);
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields[field], field).toBe(message);
    }
    const ok = await send('POST', API.placeCreate, placeInput([anaPhoto], { time: [0, 0.5], time_city: 0.01 }), ana.token);
    expect(ok.status).toBe(201);
  });
});

describe('uploads never answer 500', () => {
  async function photoJpeg(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 128, sigma: 8 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
  }

  it('a multipart body cut before its closing boundary is a 400', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a6' } }).png().toBuffer();
    const boundary = '----cortado';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png.subarray(0, 50),
    ]);
    const res = await api(t, ana.token).request<ErrorBody>({
      method: 'POST',
      url: API.upload('place'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'VALIDATION_ERROR', message: MSG.fileMissing, fields: { file: MSG.fileMissing } });
  });

  it('truncated PNG and JPEG files are a 415', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 100, sigma: 30 } } }).png().toBuffer();
    const jpeg = await photoJpeg(300, 200);
    for (const [name, data] of [
      ['png', png.subarray(0, Math.floor(png.length / 2))],
      ['jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
      ['png header only', png.subarray(0, 40)],
      ['jpeg header only', jpeg.subarray(0, 200)],
    ] as const) {
      const res = await upload(t, ana.token, data);
      expect(res.status, name).toBe(415);
      expect(res.body.error.message, name).toBe(MSG.invalidImage);
    }
  });

  it('a PNG whose header claims huge dimensions is refused before decoding', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).png().toBuffer();
    const withSize = (width: number, height: number) => {
      const out = Buffer.from(png);
      // IHDR starts at byte 8: length(4) 'IHDR'(4) width(4) height(4) ... crc over type+data (17 bytes).
      out.writeUInt32BE(width, 16);
      out.writeUInt32BE(height, 20);
      out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
      return out;
    };
    const huge = await upload(t, ana.token, withSize(100_000, 100_000));
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe(MSG.imageTooManyPixels);
    for (const [w, h] of [[0x7fffffff, 0x7fffffff], [60_000, 1], [1, 60_000]]) {
      const res = await upload(t, ana.token, withSize(w!, h!));
      expect([413, 415], `${w}x${h}`).toContain(res.status);
    }
  });

  it('the same 3000x2000 JPEG uploaded 4 times at once: four 201 with one URL, and the file is whole', async () => {
    const jpeg = await photoJpeg(3000, 2000);
    const answers = await Promise.all([0, 1, 2, 3].map(() => upload(t, beto.token, jpeg, 'place', { filename: 'foto.jpg', contentType: 'image/jpeg' })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const urls = new Set(answers.map((r) => r.body.url));
    expect(urls.size).toBe(1);
    const file = await api(t).get([...urls][0]!);
    expect(file.status).toBe(200);
    expect((await sharp(file.raw.rawPayload).metadata()).width).toBe(1600);
  });
});

describe('photos must be the caller’s own uploads', () => {
  it('another user’s upload is refused as a review, place or profile photo', async () => {
    const cases = [
      send('POST', API.ratingCreate, { id_place: place._id, photo_url: betoPhoto, rating: 4, comment: 'Bonito' }, ana.token),
      send('POST', API.placeCreate, placeInput([anaPhoto, betoPhoto]), ana.token),
      send('PUT', API.placeUpdate(place._id), { photos: [betoPhoto] }, ana.token),
      send('PUT', API.userUpdate2(ana.user._id), { photo_url: betoPhoto }, ana.token),
      send('PUT', API.userUpdate1(ana.user._id), { password: 'otra-clave-segura', photo_url: betoPhoto }, ana.token),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MSG.uploadNotOurs);
    }
    // Their own upload is fine, and an admin editing a place keeps the photos it already has.
    expect((await send('PUT', API.userUpdate2(ana.user._id), { photo_url: anaPhoto }, ana.token)).status).toBe(200);
    expect((await send('PUT', API.placeUpdate(place._id), { photos: place.photos, name: 'Laguna Azul' }, admin.token)).status).toBe(200);
  });
});

describe('tokens', () => {
  const key = () => new TextEncoder().encode(t.config.jwtSecret);
  const now = () => Math.floor(Date.now() / 1000);
  const base = () => new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(ana.user._id);
  const me = (token: string) => api(t, token).get<ErrorBody>(API.user(ana.user._id));

  it('a well-formed token of ours is accepted (the control case)', async () => {
    expect((await me(await base().setIssuedAt(now()).setExpirationTime(now() + 3600).sign(key()))).status).toBe(200);
  });

  it('refuses a token without exp, without iat, issued in the future, or older than its lifetime', async () => {
    const tokens = {
      'no exp': await base().setIssuedAt(now()).sign(key()),
      'no iat': await base().setExpirationTime(now() + 3600).sign(key()),
      'iat in the future': await base().setIssuedAt(now() + 3600).setExpirationTime(now() + 7200).sign(key()),
      'exp a year away, iat 30 days ago': await base().setIssuedAt(now() - 30 * 86400).setExpirationTime(now() + 365 * 86400).sign(key()),
      'other secret': await base().setIssuedAt(now()).setExpirationTime(now() + 3600).sign(randomBytes(32)),
    };
    for (const [what, token] of Object.entries(tokens)) {
      const res = await me(token);
      expect(res.status, what).toBe(401);
      expect(res.body.error.code, what).toBe('UNAUTHORIZED');
    }
  });
});
