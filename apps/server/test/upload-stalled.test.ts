import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { beforeAll, expect, it } from 'vitest';
import { API } from '@sendero/contract';
import { useTestApp, type TestUser } from './helpers/app.js';
import { pngImage, upload } from './helpers/upload-fixtures.js';

/**
 * Uploads that never finish (docs/decisions/039-uploads-admitted-by-expected-wait.md): a client opens 200
 * uploads of 3 MB, sends the first 64 KB of each and stops. Each one it gets admitted holds a place in the
 * image queue and a file until its connection goes; the rest of the site answers meanwhile, and nothing is
 * left on disk afterwards.
 */
const t = useTestApp();
let port: number;
let user: TestUser;
let other: TestUser;
let third: TestUser;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  [user, other, third] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
});

const ourFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`sendero-upload-${process.pid}-`));

/** An upload of `declared` bytes whose body stops after `sent` bytes; resolves once those are written. */
function stalledUpload(token: string, declared: number, sent: number): Promise<Socket> {
  return new Promise((resolve) => {
    const boundary = `----sendero${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.write(
        `POST ${API.upload('rating')} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(Buffer.concat([Buffer.from(head), randomBytes(sent)]), () => resolve(socket));
    });
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
  });
}

it('200 uploads that never finish: the site answers, others upload, and nothing is left behind once they go', async () => {
  const sockets = await Promise.all(Array.from({ length: 200 }, () => stalledUpload(user.token, 3 * 1024 * 1024, 64 * 1024)));
  try {
    // The ones admitted are receiving their body (a file each); the client's extra connections were refused.
    await expect.poll(() => ourFiles().length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(ourFiles().length).toBeLessThanOrEqual(64);

    // Everyone else: reads answer, and another person's photo is stored (or told when to come back).
    expect((await t.app.inject({ method: 'GET', url: API.health })).statusCode).toBe(200);
    const res = await upload(t, other.token, await pngImage());
    expect([201, 503]).toContain(res.status);
    if (res.status === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  } finally {
    for (const s of sockets) s.destroy();
  }
  // Their connections gone, their files and places go too: the next photo is stored at once.
  await expect.poll(() => ourFiles(), { timeout: 20_000 }).toEqual([]);
  await expect.poll(async () => (await upload(t, other.token, await pngImage())).status, { timeout: 20_000 }).toBe(201);
}, 90_000);

it('a body declared at 50 MB is refused with 413 before anything is stored', async () => {
  const res = await upload(t, third.token, Buffer.alloc(12 * 1024 * 1024, 1));
  expect(res.status).toBe(413);
  const socket = await stalledUpload(third.token, 50 * 1024 * 1024, 1024);
  const answer = await new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('\r\n\r\n')) resolve(text);
    });
  });
  socket.destroy();
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(ourFiles()).toEqual([]);
});
