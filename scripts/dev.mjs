// npm run dev: the API server in watch mode (tsx) and the Vite dev server, which proxies /api and
// /uploads to it. Open the URL Vite prints. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const serverPort = process.env.SERVER_PORT ?? '3000';
const env = { ...process.env, PORT: serverPort, SERVER_PORT: serverPort };

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server.ts'], { cwd: 'apps/server', env, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: 'apps/web', env, stdio: 'inherit' }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
