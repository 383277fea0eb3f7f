import { describe, expect, it } from 'vitest';
import { PublicConfigSchema } from '@sendero/contract';
import { ConfigError, loadConfig } from '@/config.js';
import { configApps } from './helpers/config-apps.js';

/** SOCIAL_*_URL (README.md#configuration): the landing's social icons link there, and hide when unset. */

const { tempDir, publicConfig } = configApps('social');

describe('the social links in the configuration', () => {
  it('are handed to the web app by GET /api/config, null when unset', async () => {
    const { res } = await publicConfig({ SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/sendero.pe', SOCIAL_X_URL: 'https://x.com/sendero_pe' });
    expect(res.status).toBe(200);
    expect(PublicConfigSchema.parse(res.body).social).toEqual({
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
