/**
 * Real processes for tests and benchmarks (docs/architecture.md#tests): a free port, a spawned child
 * whose output is drained and kept for error messages, waiting for an URL (the server's health call),
 * stopping gently or with `kill -9`, and a small typed HTTP client for a running server. Shared by the
 * server tests that start `src/server.ts` and by `bench/`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** apps/server, the working directory of a server started from its sources. */
export const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port nobody listens on right now (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Run {
  child: ChildProcess;
  /** The last 50,000 characters of stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop: (graceMs?: number) => Promise<void>;
  /** SIGKILL (`kill -9`): no shutdown code runs. */
  kill: () => Promise<void>;
}

/** Spawns `node <args>`; the output is drained (a full pipe would block the child) and its tail kept. */
export function spawnNode(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const child = spawn(process.execPath, args, { cwd: options.cwd ?? serverDir, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-50_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => out,
    exited,
    stop: async (graceMs = 15_000) => {
      if (gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    kill: async () => {
      if (gone()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits until GET `url` answers 2xx; fails early with the child's output if it exits first. */
export async function waitForUrl(url: string, run: Run, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`process exited early (${run.child.exitCode}):\n${run.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms:\n${run.output()}`);
}

export interface ServerRun extends Run {
  port: number;
  /** http://127.0.0.1:port */
  url: string;
}

/**
 * The command that runs one of the server's entries (`server`, `admin-create`, `migrate`): the build the
 * test run made (SENDERO_SERVER_DIST, set by the server tests' setup), else the sources through tsx
 * (benchmarks and scripts outside Vitest run from apps/server's directory).
 */
export function serverEntryArgs(entry: 'server' | 'admin-create' | 'migrate' = 'server'): string[] {
  const dist = process.env.SENDERO_SERVER_DIST;
  if (dist) return [`${dist}/${entry}.js`];
  const source = { server: 'src/server.ts', 'admin-create': 'src/cli/admin-create.ts', migrate: 'src/cli/migrate.ts' }[entry];
  return ['--import', 'tsx', source];
}

/**
 * Starts the server (serverEntryArgs: the test run's build, or its sources) or a built entry (`entry`), with
 * NODE_ENV=test, LOG_LEVEL=warn and `env` on top of `baseEnv` (default: this process's environment),
 * and waits for GET /api/health.
 */
export async function startServer(
  options: { env?: Record<string, string | undefined>; baseEnv?: NodeJS.ProcessEnv; port?: number; entry?: string; timeoutMs?: number } = {},
): Promise<ServerRun> {
  const port = options.port ?? (await freePort());
  const args = options.entry ? [options.entry] : serverEntryArgs();
  const run = spawnNode(args, {
    env: { ...(options.baseEnv ?? process.env), NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...options.env },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/api/health`, run, options.timeoutMs ?? 150_000);
  return { ...run, port, url };
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Aborts the call (e.g. `AbortSignal.timeout(ms)`): fetch then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface CallResult<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (null when empty or not JSON). */
  body: T;
  text: string;
}

/**
 * A client for a running server: `call<Place>('POST', API.placeCreate, { token, json })`. Every body
 * read is passed to `onBody` (tests scan them for secrets).
 */
export function httpClient(baseUrl: string, onBody?: (text: string) => void) {
  return {
    async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(baseUrl + path, {
        method,
        headers,
        body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
        signal: options.signal,
      });
      const text = await res.text();
      onBody?.(text);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: res.status, headers: res.headers, body: body as T, text };
    },
    /** The same, throwing unless the answer is 2xx; resolves with the body. */
    async ok<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<T> {
      const res = await this.call<T>(method, path, options);
      if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${res.text.slice(0, 300)}`);
      return res.body;
    },
  };
}
