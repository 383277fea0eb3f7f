// `npm start` (README, "The two commands"): checks that the port is free BEFORE building, so a second
// start while the site runs says so in one line and leaves the build the running site serves alone;
// then builds (the web app into a fresh folder that replaces the old one at once,
// apps/web/scripts/build.mjs) and starts the server (`npm run start:only`, which a restart without
// rebuilding can use directly).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { config as loadDotenv } from 'dotenv';

loadDotenv({ path: join(process.env.INIT_CWD || process.cwd(), '.env'), quiet: true });
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '127.0.0.1';

/** null when the port can be listened on, else the error code (EADDRINUSE, EACCES...). */
function tryListen() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code ?? 'ERROR'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

// A PORT or HOST the server cannot use is reported by the server itself, with the variable's name.
if (Number.isInteger(port) && port > 0 && port < 65536 && (await tryListen()) === 'EADDRINUSE') {
  process.stderr.write(
    `Sendero could not start: port ${port} on ${host} is already in use. Stop the program using it or set PORT to another port.\n`,
  );
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(npm, ['run', '--silent', 'start:only'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
