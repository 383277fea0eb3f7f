import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Settings shared by the Playwright config, the server launcher and the fixtures. Everything is
 * overridable from the environment so CI (or a second run on the same machine) can move the port.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3900);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Where the launcher's SMTP server (a real `smtp-server`) writes each mail the site sends, one JSON file
 * per mail (`{to, subject, text}`), so a test can follow a reset link.
 */
export const MAILBOX_DIR = process.env.E2E_MAILBOX_DIR ?? join(tmpdir(), `sendero-e2e-mailbox-${E2E_PORT}`);

/** The administrator the server creates on its first start (docs/product.md#first-run ADMIN_EMAIL/ADMIN_PASSWORD). */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin.e2e@sendero.test';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Admin-e2e-2024!';

/** Debian's Chromium with the flags every engineer uses on this machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
