import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@sendero/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/app.js';
import { loadConfig } from '@/config.js';
import { openPostgres, type Database } from '@/db/client.js';
import { isDatabaseUnavailable } from '@/db/errors.js';
import { toErrorReply } from '@/plugins/errors.js';
import { freePort } from './helpers/process.js';

/** A database that is down or restarting gives clean 503s in the error shape, at once, never a hang or a 500. */
describe('a database that cannot be reached', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    // Nothing listens on this port: every connection is refused, as while PostgreSQL restarts.
    database = await openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/sendero`, 2);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/sendero-outage-${randomBytes(4).toString('hex')}`, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
    app = await buildApp(config, { db: database.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each([
    ['GET', API.places],
    ['GET', API.placeIndex()],
    ['POST', API.login],
  ])('%s %s answers 503 SERVICE_UNAVAILABLE with Retry-After', async (method, url) => {
    const started = Date.now();
    const res = await app.inject({ method: method as 'GET', url, payload: method === 'POST' ? { email: 'ana@example.com', password: 'una-clave-larga' } : undefined });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('recognises the driver errors of a database going away, and nothing else', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: terminated });
    for (const error of [
      terminated,
      wrapped,
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('x'), { code: '08006' }),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(toErrorReply(error).status).toBe(503);
    }
    for (const error of [new Error('boom'), Object.assign(new Error('dup'), { code: '23505' }), null, 'texto']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    expect(toErrorReply(new Error('boom')).status).toBe(500);
  });
});
