import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import sharp from 'sharp';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerRun } from './helpers/process.js';

/**
 * docs/product.md#calls: a client generated from the served document works. openapi-typescript turns /api/docs/json
 * of a running server into types (binary fields as Blob, as its documentation shows for multipart), the
 * committed client typed-client/client.ts (openapi-fetch) is compiled with them by `tsc --noEmit` in strict
 * mode and run: register, log in, upload photos with FormData, propose a place, verify it as admin, review
 * it, list and delete the review. Nothing generated is committed: it lives in a temporary folder.
 */

const run = promisify(execFile);
const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN_EMAIL = 'admin-cliente@example.com';
const ADMIN_PASSWORD = 'clave-admin-del-cliente';

let server: ServerRun;
let dataDir: string;
let work: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sendero-client-'));
  server = await startServer({
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined, SAMPLE_DATA: 'false', JWT_SECRET: 'c'.repeat(40), ADMIN_EMAIL, ADMIN_PASSWORD },
  });
  // Inside the package, so that `openapi-fetch` resolves from the repository's node_modules.
  work = mkdtempSync(join(here, 'typed-client', '.out-'));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a client generated from the served document', () => {
  it('compiles without casts and registers, uploads, reviews and deletes against the running server', async () => {
    const source = readFileSync(join(here, 'typed-client', 'client.ts'), 'utf8');
    expect(source).not.toMatch(/@ts-(expect-error|ignore|nocheck)|\bas (unknown|any|never)\b|\bas [A-Z]\w*[<[]?|<[A-Z]\w*>\s*\(/);

    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as OpenAPI3;
    const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
    const ast = await openapiTS(doc, {
      transform(schema) {
        if (schema.format === 'binary') return blob;
        return undefined;
      },
    });
    writeFileSync(join(work, 'openapi.d.ts'), astToString(ast));
    copyFileSync(join(here, 'typed-client', 'client.ts'), join(work, 'client.ts'));
    copyFileSync(join(here, 'typed-client', 'tsconfig.json'), join(work, 'tsconfig.json'));

    const tsc = await run(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', work], { cwd: work }).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? 'tsc failed',
    }));
    expect(tsc.stdout).toBe('');

    const image = join(work, 'foto.png');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 90 } } }).png().toFile(image);
    const result = await run(process.execPath, ['--import', 'tsx', join(work, 'client.ts')], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', SENDERO_URL: server.url, ADMIN_EMAIL, ADMIN_PASSWORD, IMAGE_FILE: image },
    });
    const outcome = JSON.parse(result.stdout.trim()) as Record<string, unknown>;
    expect(outcome).toMatchObject({
      role: 'user',
      verified: true,
      reviewRating: 5,
      deleted: true,
      refusal: 'NOT_FOUND',
      refusalStatus: 404,
      comments: 0,
    });
    expect(outcome.listedIds).toEqual([outcome.reviewId]);
    expect(String(outcome.photo)).toMatch(/^\/uploads\/.+\.webp$/);
  }, 120_000);
});
