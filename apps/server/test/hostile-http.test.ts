import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@sendero/contract';
import { useTestApp } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';

/** docs/product.md#errors: what the router and Node's HTTP parser answer before any route runs, and slow clients. */

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(String(headers['content-security-policy']), what).toContain("default-src 'self'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

/** A raw connection from `localAddress` (any 127.x address is loopback: a different client IP). */
function openSocket(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server writes until it closes the connection, and when it closed it. */
function readUntilClosed(socket: Socket): Promise<{ text: string; closedAt: number }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve({ text, closedAt: Date.now() }));
  });
}

function parseRaw(text: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined };
}

describe('router errors in the error shape', () => {
  const t = useTestApp();

  it('a malformed percent-encoding in an id is a 404 with the security headers', async () => {
    for (const url of ['/api/user/%c0%ae%c0%ae', '/api/place/%E0%A4%A', '/api/admin/%']) {
      const res = await api(t).get<ErrorBody>(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({ error: { code: 'NOT_FOUND', message: MSG.notFound } });
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('an id of any length that is not a UUID is a 404 (over the router parameter limit too)', async () => {
    const { token } = await t.createUser();
    for (const length of [37, 101, 5000]) {
      const url = `/api/user/${'a'.repeat(length)}`;
      const res = await api(t, token).get<ErrorBody>(url);
      expect(res.status, String(length)).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: MSG.notFound } });
      expectSecurityHeaders(res.headers, String(length));
    }
  });
});

describe('slow and malformed clients on a real socket', () => {
  // Short timeouts so the test is fast; production defaults: 20 s for the request, 10 s for headers.
  const t = useTestApp({ env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '800', MAX_CONNECTIONS_PER_IP: '3' } });
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('malformed HTTP gets a 400 in the error shape with the security headers', async () => {
    const socket = await openSocket(port);
    const done = readUntilClosed(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    const res = parseRaw((await done).text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: MSG.validation } });
    expectSecurityHeaders(res.headers, 'malformed');
  });

  it('a body sent one byte at a time is dropped by the request timeout, and others are still answered', async () => {
    const socket = await openSocket(port);
    const done = readUntilClosed(socket);
    const started = Date.now();
    socket.write(`POST ${API.login} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`);
    const drip = setInterval(() => socket.writable && socket.write(' '), 250);
    // Meanwhile another client is answered at once.
    const health = await fetch(`http://127.0.0.1:${port}${API.health}`);
    expect(health.status).toBe(200);
    const { text, closedAt } = await done;
    clearInterval(drip);
    expect(closedAt - started).toBeLessThan(1500 + 1500);
    const res = parseRaw(text);
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ error: { code: 'REQUEST_TIMEOUT', message: MSG.requestTimeout } });
  });

  it('headers sent slowly are dropped by the headers timeout', async () => {
    const socket = await openSocket(port);
    const done = readUntilClosed(socket);
    const started = Date.now();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 200);
    const { text, closedAt } = await done;
    clearInterval(drip);
    expect(closedAt - started).toBeLessThan(800 + 1000);
    expect(parseRaw(text).status).toBe(408);
  });

  it('connections over the per-IP cap get a 429 with Retry-After; other addresses are still served', async () => {
    const held = await Promise.all([1, 2, 3].map(() => openSocket(port, '127.0.0.2')));
    try {
      const extra = await openSocket(port, '127.0.0.2');
      const res = parseRaw((await readUntilClosed(extra)).text);
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.body).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyConnections } });
      const other = await fetch(`http://127.0.0.1:${port}${API.health}`);
      expect(other.status).toBe(200);
    } finally {
      for (const s of held) s.destroy();
    }
    // Once closed, the address may connect again.
    await new Promise((r) => setTimeout(r, 50));
    const socket = await openSocket(port, '127.0.0.2');
    const done = readUntilClosed(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(parseRaw((await done).text).status).toBe(200);
  });
});
