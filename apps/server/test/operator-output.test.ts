import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '@sendero/contract';
import type { Config } from '@/config.js';
import requestLogPlugin, { QuietRequestLogs } from '@/plugins/request-log.js';
import { buildTestApp } from './helpers/app.js';
import { api } from './helpers/client.js';
import { freePort, serverEntryArgs, spawnNode, waitForUrl, type Run } from './helpers/process.js';

/**
 * docs/product.md#first-run, what the operator sees: the address and the one-time credentials last, in a framed
 * block; request lines only at debug (server errors and slow requests at info); a busy port is one line.
 */

function runServer(env: Record<string, string>): Run {
  return spawnNode(serverEntryArgs(), {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', SAMPLE_DATA: 'false', JWT_SECRET: 'j'.repeat(40), ...env },
  });
}

const nonEmptyLines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('the started server, as an operator reads it', { timeout: 180_000 }, () => {
  const dirs: string[] = [];
  const running: Run[] = [];
  let busy: Server | undefined;
  afterAll(async () => {
    for (const run of running) await run.kill();
    busy?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sendero-operator-'));
    dirs.push(dir);
    return dir;
  };

  it('ends with a framed block holding the address and the generated password, and requests add no line at info', async () => {
    const port = await freePort();
    // The threshold past any machine's pause: the first '/' can share the renderer's import, started in
    // the background as the server listens, and a loaded machine makes that slow (the slow line has its
    // own test below).
    const server = runServer({ DATA_DIR: dataDir(), PORT: String(port), SLOW_REQUEST_MS: '60000' });
    running.push(server);
    await waitForUrl(`http://127.0.0.1:${port}${API.health}`, server, 150_000);
    // A few ordinary calls, answered quickly: none of them may print anything at the default level.
    for (const path of [API.health, API.places, API.config, '/']) expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));

    const lines = nonEmptyLines(server.output());
    const bottom = lines.length - 1;
    expect(lines[bottom], server.output()).toMatch(/^└─+┘$/);
    const top = lines.findLastIndex((l) => /^┌─+┐$/.test(l));
    expect(top, server.output()).toBeGreaterThanOrEqual(0);
    const block = lines.slice(top + 1, bottom);
    expect(block[0]).toContain(`Sendero is running at http://127.0.0.1:${port}`);
    expect(block.some((l) => l.includes('Administrator password (shown only this once): '))).toBe(true);
    // Every line of the frame has the same width.
    expect(new Set(lines.slice(top, bottom + 1).map((l) => l.length)).size).toBe(1);
    expect(server.output()).not.toContain('incoming request');
    expect(server.output()).not.toContain('request completed');

    await server.stop();
    expect(await server.exited).toBe(0);
  });

  it('a port already in use: one clear line on stderr, exit 1, no stack trace', async () => {
    const port = await freePort();
    busy = createServer();
    await new Promise<void>((resolve) => busy!.listen(port, '127.0.0.1', resolve));
    const server = runServer({ DATA_DIR: dataDir(), PORT: String(port), HOST: '127.0.0.1' });
    running.push(server);
    expect(await server.exited, server.output()).toBe(1);
    const problems = nonEmptyLines(server.output()).filter((l) => !l.startsWith('{'));
    expect(problems).toEqual([
      `Sendero could not start: port ${port} on 127.0.0.1 is already in use. Stop the program using it or set PORT to another port.`,
    ]);
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(server.output()).not.toContain('EADDRINUSE');
    expect(server.output()).not.toContain('Deprecation');
  });

  it('`npm start` on a port already in use says so before building, and leaves the served build alone', async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const start = spawnNode([fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url))], {
        env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', INIT_CWD: tmpdir() },
      });
      running.push(start);
      expect(await start.exited, start.output()).toBe(1);
      // One line, and no build started (its first words would be npm's and Vite's).
      expect(nonEmptyLines(start.output())).toEqual([
        `Sendero could not start: port ${port} on 127.0.0.1 is already in use. Stop the program using it or set PORT to another port.`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('request logging', () => {
  function appWithLog(level: 'info' | 'debug', slowRequestMs: number) {
    const lines: { level: number; msg: string; res?: { statusCode: number } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    const app = Fastify({ logger: { level, stream }, logController: new QuietRequestLogs() });
    app.decorate('config', { slowRequestMs } as Config);
    return { app, lines, client: api({ app }) };
  }

  it('ordinary requests only at debug; server errors and slow requests at info', async () => {
    const { app, lines, client } = appWithLog('info', 200);
    await app.register(requestLogPlugin);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/broken', async (_req, reply) => reply.code(502).send({ down: true }));
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 250));
      return { ok: true };
    });
    await client.get('/ok');
    expect(lines).toEqual([]);
    await client.get('/broken');
    expect(lines.map((l) => [l.level, l.msg, l.res?.statusCode])).toEqual([[30, 'request completed with a server error', 502]]);
    await client.get('/slow');
    expect(lines.map((l) => l.msg)).toEqual(['request completed with a server error', 'slow request']);
    await app.close();
  });

  it('at debug, every request is logged as it comes and as it ends', async () => {
    const { app, lines, client } = appWithLog('debug', 10_000);
    await app.register(requestLogPlugin);
    app.get('/ok', async () => ({ ok: true }));
    await client.get('/ok');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    await app.close();
  });

  it('the whole app writes nothing at info for an ordinary call (Fastify’s own request lines are off)', async () => {
    // A slow request is worth a line at info; a loaded two-core machine can make a health check slow, so
    // this test sets the threshold past any machine's pause (the slow line has its own test above).
    const t = await buildTestApp({ env: { SLOW_REQUEST_MS: '60000' } });
    try {
      const before = t.logs.length;
      expect((await api(t).get(API.health)).status).toBe(200);
      expect(t.logs.slice(before)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
