import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigError} from '@/config.js';
import { loadConfig } from '@/config.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sendero-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      sampleData: true,
      authRateLimitPerIp: 100,
      logLevel: 'info',
      slowRequestMs: 1000,
    });
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('reads the mail settings', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://sendero.pe/',
      SMTP_URL: 'smtps://usuario:clave@smtp.example.com:465',
      MAIL_FROM: 'Sendero <hola@sendero.pe>',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://sendero.pe',
      smtpUrl: 'smtps://usuario:clave@smtp.example.com:465',
      mailFrom: 'Sendero <hola@sendero.pe>',
    });
    expect(loadConfig({ DATA_DIR: tempDir() }).smtpUrl).toBeUndefined();
  });

  it('runs the image process at idle priority unless UPLOAD_PRIORITY says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).uploadPriority).toBe('idle');
    expect(loadConfig({ DATA_DIR: tempDir(), UPLOAD_PRIORITY: 'low' }).uploadPriority).toBe('low');
    expect(loadConfig({ DATA_DIR: tempDir(), UPLOAD_PRIORITY: 'normal' }).uploadPriority).toBe('normal');
  });

  it('keeps the embedded database’s read cache on unless PGLITE_READ_CACHE=off', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).pgliteReadCache).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), PGLITE_READ_CACHE: 'off' }).pgliteReadCache).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PGLITE_READ_CACHE: 'maybe' })).toThrow(/PGLITE_READ_CACHE/);
  });

  it('turns sample data off by default on PostgreSQL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(config.sampleData).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', SAMPLE_DATA: 'true' }).sampleData).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'corto'],
    ['ADMIN_EMAIL', 'no-es-correo'],
    ['ADMIN_PASSWORD', '123'],
    ['SAMPLE_DATA', 'quizas'],
    ['AUTH_RATE_LIMIT_PER_IP', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['PUBLIC_URL', 'sendero.pe'],
    ['PUBLIC_URL', 'ftp://sendero.pe'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['PUBLIC_URL', 'https://'],
    ['PUBLIC_URL', 'https:///sendero.pe'],
    ['PUBLIC_URL', 'https://user:clave@sendero.pe'],
    ['PUBLIC_URL', 'https://sendero.pe/?a=1'],
    ['PUBLIC_URL', 'https://sendero.pe/#x'],
    ['PUBLIC_URL', 'https://sendero.pe\\evil'],
    ['PUBLIC_URL', 'https://send ero.pe'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'smtp://host name'],
    ['MAIL_FROM', 'Sendero\r\nBcc: x@example.com'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_URL', '127.0.0.1:6379'],
    ['REDIS_URL', 'redis://'],
    ['REDIS_URL', 'redis://cache host:6379'],
    ['REDIS_URL', 'redis://127.0.0.1:6379/db'],
    ['STORAGE', 's3'],
    ['STORAGE', 'Database'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', '65'],
    ['WEB_CONCURRENCY', '1.5'],
    ['WEB_CONCURRENCY', 'auto'],
    ['UPLOAD_PRIORITY', '19'],
    ['UPLOAD_PRIORITY', 'bajo'],
    ['UPLOAD_PRIORITY', 'IDLE'],
  ])('a bad %s (%s) stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrowError(
      expect.objectContaining({ variable: name, message: expect.stringContaining(name) }) as ConfigError,
    );
  });

  it('refuses several processes on the embedded database, naming WEB_CONCURRENCY and DATABASE_URL', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '2' })).toThrowError(
      expect.objectContaining({
        variable: 'WEB_CONCURRENCY',
        message: expect.stringMatching(/WEB_CONCURRENCY.*PGlite.*DATABASE_URL/) as string,
      }) as ConfigError,
    );
    const config = loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://u@h/db' });
    expect(config.webConcurrency).toBe(4);
    expect(loadConfig({ DATA_DIR: tempDir() }).webConcurrency).toBe(1);
  });

  it('keeps uploads in the database by default on PostgreSQL, in files otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).storage).toBe('local');
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db' }).storage).toBe('database');
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', STORAGE: 'local' }).storage).toBe('local');
    expect(loadConfig({ DATA_DIR: tempDir(), STORAGE: 'database' }).storage).toBe('database');
  });

  it('accepts redis:// and rediss:// URLs', () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://:clave@cache.example.com:6380/2', 'redis://localhost']) {
      expect(loadConfig({ DATA_DIR: tempDir(), REDIS_URL: url }).redisUrl).toBe(url);
    }
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32) }).jwtSecret).toBe('s'.repeat(32));
  });

  it('resolves a relative DATA_DIR from the directory npm was run in', () => {
    const root = tempDir();
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: 'datos' }).dataDir).toBe(join(root, 'datos'));
  });

  it('makes PUBLIC_URL from HOST and PORT by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://0.0.0.0:8080');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
  });

  it.each([
    ['https://sendero.pe', 'https://sendero.pe'],
    ['https://sendero.pe/', 'https://sendero.pe'],
    ['HTTPS://Sendero.PE//', 'https://sendero.pe'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['https://example.com/sendero/', 'https://example.com/sendero'],
  ])('accepts PUBLIC_URL %s as %s (no trailing slash)', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: value }).publicUrl).toBe(expected);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '  ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
