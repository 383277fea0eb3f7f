import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, PublicConfigSchema } from '@sendero/contract';
import { ConfigError, loadConfig } from '@/config.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

/** SOCIAL_*_URL (README.md#configuration): the landing's social icons link there, and hide when unset. */

const apps: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sendero-social-'));
  dirs.push(dir);
  return dir;
};

describe('the social links in the configuration', () => {
  it('are handed to the web app by GET /api/config, null when unset', async () => {
    const t = await buildTestApp({ env: { SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/sendero.pe', SOCIAL_X_URL: 'https://x.com/sendero_pe' } });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: API.config });
    expect(res.statusCode).toBe(200);
    expect(PublicConfigSchema.parse(res.json()).social).toEqual({
      instagram: 'https://www.instagram.com/sendero.pe',
      facebook: null,
      x: 'https://x.com/sendero_pe',
    });
  });

  it.each(['http://instagram.com/sendero', 'javascript:alert(1)', 'instagram.com/sendero', 'https://user:pw@x.com/a'])(
    'refuses %s, naming the variable',
    (value) => {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: tempDir(), SOCIAL_FACEBOOK_URL: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe('SOCIAL_FACEBOOK_URL');
    },
  );
});
