/**
 * Starts the BUILT server (`node apps/server/dist/server.js`, what `npm start` runs) on a fresh
 * temporary DATA_DIR for one end-to-end run, and deletes that directory when the server stops.
 * Playwright's `webServer` runs this script and stops it with SIGTERM (see playwright.config.ts).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, E2E_PORT, MAILBOX_DIR } from './env.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// E2E_SERVER_SOURCE=1 runs the TypeScript sources through tsx instead (while iterating on the server).
const fromSource = process.env.E2E_SERVER_SOURCE === '1';
const serverEntry = join(root, fromSource ? 'apps/server/src/server.ts' : 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) {
  console.error(`[e2e] ${serverEntry} is missing: run "npm run build" first (npm run test:e2e does).`);
  process.exit(1);
}

const dataDir = mkdtempSync(process.env.E2E_DATA_PREFIX ?? join(tmpdir(), 'sendero-e2e-'));
let cleaned = false;
function cleanUp(): void {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

// Serve a private copy of the built web app: a rebuild in the shared checkout during the run would
// otherwise replace the hashed chunks the open pages still ask for.
const webDist = join(root, 'apps/web/dist');
let webDistCopy: string | undefined;
if (existsSync(join(webDist, 'index.html'))) {
  webDistCopy = join(dataDir, 'web');
  cpSync(webDist, webDistCopy, { recursive: true });
}

// A real SMTP server for the site's mails: each one becomes a JSON file in MAILBOX_DIR.
rmSync(MAILBOX_DIR, { recursive: true, force: true });
mkdirSync(MAILBOX_DIR, { recursive: true });
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        mailCount += 1;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = join(MAILBOX_DIR, `${String(mailCount).padStart(5, '0')}.json`);
        writeFileSync(file, JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' }));
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const env: NodeJS.ProcessEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(E2E_PORT),
  DATA_DIR: dataDir,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SAMPLE_DATA: 'true',
  // One IP (127.0.0.1) registers and logs in every test user; the limit itself is covered by the
  // server's integration tests, so raise it here to keep a full run from tripping it.
  AUTH_RATE_LIMIT_PER_IP: '10000',
  // The image process at the server's own priority, as in the server's tests (test/helpers/app.ts): in
  // the idle class (production's default, docs/decisions/036-image-process.md) every photo a journey
  // uploads waits until the browser, the unit tests CI runs beside the journeys and the checks leave a core
  // free. The classes themselves are checked by apps/server/test/upload-queue.test.ts.
  UPLOAD_PRIORITY: process.env.UPLOAD_PRIORITY ?? 'normal',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  PUBLIC_URL: BASE_URL,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  ...(webDistCopy ? { WEB_DIST_DIR: webDistCopy } : {}),
};
// The server's sources resolve '@/' through their own tsconfig.
if (fromSource) env.TSX_TSCONFIG_PATH = join(root, 'apps/server/tsconfig.json');
// A DATABASE_URL from the caller's shell would bypass the fresh embedded database.
delete env.DATABASE_URL;

console.log(`[e2e] server on port ${E2E_PORT}, DATA_DIR=${dataDir}`);
const child = spawn(process.execPath, [...(fromSource ? ['--import', 'tsx'] : []), serverEntry], { cwd: root, env, stdio: 'inherit' });

child.on('exit', (code, signal) => {
  smtp.close();
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
child.on('error', (err) => {
  console.error('[e2e] could not start the server:', err);
  cleanUp();
  process.exit(1);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
process.on('exit', cleanUp);
