import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_VARIANT_WIDTHS } from '@sendero/contract';
import type { Database } from '@/db/client.js';
import { storedFiles } from '@/db/schema.js';
import { createDatabaseStorage } from '@/storage/database.js';
import { createLocalStorage } from '@/storage/local.js';
import { InvalidStorageKeyError, type Storage } from '@/storage/storage.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { api } from './helpers/client.js';
import { openTestDatabase } from './helpers/database.js';
import { pngImage, upload } from './helpers/upload-fixtures.js';

/**
 * The storage interface's contract (docs/decisions/002-uploads-in-postgresql-or-local-files.md), run against both
 * drivers: files under a directory and rows of `stored_files` (PGlite here, PostgreSQL in server-pg).
 */

let database: Database;
const dir = mkdtempSync(join(tmpdir(), 'sendero-storage-'));
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ['local', () => createLocalStorage(dir)],
  ['database', () => createDatabaseStorage(database.db)],
];

const key = (suffix = '.webp') => `${randomBytes(32).toString('hex')}${suffix}`;

describe.each(drivers)('the %s storage driver', (_name, make) => {
  it('gives back exactly the bytes it was given (every byte value), and null for an unknown key', async () => {
    const storage = make();
    const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(200_000)]);
    const k = key();
    await storage.put(k, data, 'image/webp');
    const back = await storage.get(k);
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back!.equals(data)).toBe(true);
    expect(await storage.get(key())).toBeNull();
  });

  it('keeps keys in folders apart and replaces a key written again', async () => {
    const storage = make();
    const k = key();
    await storage.put(`ab/${k}`, Buffer.from('uno'), 'image/webp');
    await storage.put(k, Buffer.from('dos'), 'image/webp');
    await storage.put(k, Buffer.from('tres'), 'image/webp');
    expect((await storage.get(`ab/${k}`))!.toString()).toBe('uno');
    expect((await storage.get(k))!.toString()).toBe('tres');
  });

  it('accepts parallel writes of one key (the same image uploaded at once)', async () => {
    const storage = make();
    const k = key();
    const data = randomBytes(50_000);
    await Promise.all(Array.from({ length: 8 }, () => storage.put(k, data, 'image/webp')));
    expect((await storage.get(k))!.equals(data)).toBe(true);
  });

  it('deletes a key, and deleting an unknown key is not an error', async () => {
    const storage = make();
    const k = key();
    await storage.put(k, Buffer.from('x'), 'image/webp');
    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it.each(['', '../secreto.webp', 'a/../../b.webp', '/etc/passwd', 'a//b.webp', 'a/./b.webp', '..', 'a b.webp', 'a\\b.webp', 'x\u0000.webp', 'a'.repeat(300)])(
    'refuses the key %j on every call',
    async (bad) => {
      const storage = make();
      await expect(storage.put(bad, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});

describe('uploads with STORAGE=database', () => {
  let local: TestApp;
  let inDb: TestApp;
  beforeAll(async () => {
    local = await buildTestApp({ env: { STORAGE: 'local' } });
    inDb = await buildTestApp({ env: { STORAGE: 'database' } });
  });
  afterAll(async () => {
    await local?.close();
    await inDb?.close();
  });

  it('stores the image and its variants as rows (no file) and serves them with the same names, bytes and headers as local files', async () => {
    const image = await pngImage(900, 600);
    const served: Record<string, { hash: string; headers: Record<string, unknown> }[]> = {};
    for (const [name, t] of [
      ['local', local],
      ['database', inDb],
    ] as const) {
      const { token } = await t.createUser();
      const res = await upload(t, token, image);
      expect(res.status).toBe(201);
      const url = res.body.url;
      const hash = /\/uploads\/([0-9a-f]{64})\.webp$/.exec(url)![1]!;
      const keys = [`${hash}.webp`, ...UPLOAD_VARIANT_WIDTHS.map((w) => `${hash}-${w}.webp`)];
      served[name] = [];
      for (const k of keys) {
        const file = await api(t).get(`/uploads/${k}`);
        expect(file.status).toBe(200);
        const { date: _date, ...headers } = file.headers;
        served[name].push({ hash: createHash('sha256').update(file.raw.rawPayload).digest('hex'), headers });
      }
      const rows = await t.db.select({ key: storedFiles.key, type: storedFiles.contentType }).from(storedFiles);
      const onDisk = keys.map((k) => existsSync(join(t.dataDir, 'uploads', k)));
      if (name === 'database') {
        expect(rows.map((r) => r.key).sort()).toEqual([...keys].sort());
        expect(rows.every((r) => r.type === 'image/webp')).toBe(true);
        expect(onDisk).toEqual(keys.map(() => false));
      } else {
        expect(rows).toEqual([]);
        expect(onDisk).toEqual(keys.map(() => true));
      }
    }
    expect(served.database).toEqual(served.local);
    expect(served.database![0]!.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    // A key that is not stored is a 404 in the error shape.
    const missing = await api(inDb).get(`/uploads/${'0'.repeat(64)}.webp`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
