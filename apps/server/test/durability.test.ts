import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type Place, type RatingListItem } from '@sendero/contract';
import { createEmptyPostgresDatabase, testDbKind } from './helpers/database.js';
import { freePort, httpClient, startServer as startServerProcess, type CallOptions, type ServerRun } from './helpers/process.js';
import { placeInput } from './helpers/upload-fixtures.js';

/**
 * Restart durability (docs/product.md#calls): the real server as a child process on a temporary DATA_DIR (embedded
 * PGlite; in the server-pg project a fresh PostgreSQL database through DATABASE_URL), some writes,
 * `kill -9`, a new process on the same data, and everything acknowledged is read back.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'sendero-durability-'));
const ADMIN = { email: 'admin.durable@example.com', password: 'clave-admin-durable-1' };
const USER = { email: 'ana.durable@example.com', password: 'clave-ana-durable-1', firstname: 'Ana', lastname: 'Durable' };
const bodies: string[] = [];

let port = 0;
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;
let server: ServerRun | undefined;
/** Every answer's body is kept and scanned for secrets at the end. */
function call<T = unknown>(method: string, path: string, options?: CallOptions) {
  return httpClient(`http://127.0.0.1:${port}`, (text) => bodies.push(text)).call<T>(method, path, options);
}

async function startServer(): Promise<void> {
  server = await startServerProcess({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SAMPLE_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    timeoutMs: 90_000,
  });
}

async function killHard(): Promise<void> {
  await server?.kill();
}

beforeAll(async () => {
  port = await freePort();
  if (testDbKind() === 'postgres') {
    const database = await createEmptyPostgresDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
});
afterAll(async () => {
  await killHard();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const written: { userId?: string; placeId?: string; photo?: string; photoBytes?: Buffer; reviewId?: string } = {};

it('writes through the API, then the process is killed with SIGKILL', async () => {
  await startServer();
  expect((await call('POST', API.register, { json: USER })).status).toBe(201);
  const login = await call<{ token: string; _id: string }>('POST', API.login, { json: { email: USER.email, password: USER.password } });
  expect(login.status).toBe(200);
  written.userId = login.body._id;
  const token = login.body.token;

  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'foto.png');
  const up = await call<{ url: string }>('POST', API.upload('place'), { token, form });
  expect(up.status).toBe(201);
  written.photo = up.body.url;
  written.photoBytes = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${written.photo}`)).arrayBuffer());

  const created = await call<Place>('POST', API.placeCreate, { token, json: placeInput([written.photo], { name: 'Lugar duradero' }) });
  expect(created.status).toBe(201);
  written.placeId = created.body._id;

  const admin = await call<{ token: string }>('POST', API.adminLogin, { json: ADMIN });
  expect(admin.status).toBe(200);
  expect((await call('PUT', API.placeVerified(written.placeId), { token: admin.body.token })).status).toBe(200);

  const review = await call<{ _id: string }>('POST', API.ratingCreate, {
    token,
    json: { id_place: written.placeId, photo_url: written.photo, rating: 4, comment: 'Sigue aquí después del reinicio' },
  });
  expect(review.status).toBe(201);
  written.reviewId = review.body._id;

  await killHard();
  expect(server!.child.signalCode).toBe('SIGKILL');
}, 180_000);

it('a new process on the same DATA_DIR reads every acknowledged write back', async () => {
  expect(written.reviewId).toBeDefined();
  await startServer();
  const login = await call<{ token: string; _id: string }>('POST', API.login, { json: { email: USER.email, password: USER.password } });
  expect(login.status).toBe(200);
  expect(login.body._id).toBe(written.userId);
  const token = login.body.token;

  const place = await call<Place>('GET', API.place(written.placeId!), { token });
  expect(place.status).toBe(200);
  expect(place.body).toMatchObject({ name: 'Lugar duradero', verified: true, rating: 4, comments: 1, photos: [written.photo] });

  const list = await call<Place[]>('GET', API.places);
  expect(list.body.map((p) => p._id)).toContain(written.placeId);

  const reviews = await call<RatingListItem[]>('GET', API.ratings(written.placeId!), { token });
  expect(reviews.body).toMatchObject([{ _id: written.reviewId, comment: 'Sigue aquí después del reinicio', name: 'Ana Durable' }]);

  const file = await fetch(`http://127.0.0.1:${port}${written.photo}`);
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(written.photoBytes!)).toBe(true);

  // The administrator was created once, on the first start, and still logs in.
  expect((await call('POST', API.adminLogin, { json: ADMIN })).status).toBe(200);
  for (const body of bodies) {
    expect(body).not.toMatch(/password|\$argon2/i);
    expect(body).not.toMatch(/\n\s+at /);
  }
}, 180_000);
