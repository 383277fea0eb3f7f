import { execFile } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from './helpers/app.js';
import { api } from './helpers/client.js';

/**
 * docs/product.md#calls: the served OpenAPI document (/api/docs/json) is one a client can be generated from. Every
 * operation, today's and any added later, must have an operationId, a summary, a description, tags and its
 * security; secured ones document 401; every one documents 500. The redocly linter (recommended rules,
 * repo's redocly.yaml) finds no error and no warning; the same build serves the same bytes.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const redocly = join(repoRoot, 'node_modules/.bin/redocly');

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, Json>;
  requestBody?: { content?: Record<string, { schema?: Json }> };
}
type Doc = Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas: Record<string, Json> } };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** What a client author would miss in the document (empty when nothing). */
export function documentProblems(doc: Doc): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.has(method)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (!op.operationId) problems.push(`${name}: no operationId`);
      else if (!/^[a-z][A-Za-z0-9]+$/.test(op.operationId)) problems.push(`${name}: operationId "${op.operationId}" is not camelCase`);
      else if (ids.has(op.operationId)) problems.push(`${name}: operationId "${op.operationId}" also on ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, name);
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      if (!op.description?.trim()) problems.push(`${name}: no description`);
      if (!op.tags?.length) problems.push(`${name}: no tags`);
      if (!Array.isArray(op.security)) problems.push(`${name}: no security (say [] for a public call)`);
      const responses = op.responses ?? {};
      const bearer = op.security?.some((s) => 'bearerAuth' in s) ?? false;
      const anonymousToo = op.security?.some((s) => Object.keys(s).length === 0) ?? true;
      if (bearer && !anonymousToo && !responses['401']) problems.push(`${name}: needs a token but documents no 401`);
      if (!responses['500']) problems.push(`${name}: documents no 500`);
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400 && !('$ref' in response)) problems.push(`${name}: ${status} is not the shared error response`);
        if (!('$ref' in response) && (!response.description || response.description === 'Default Response')) problems.push(`${name}: ${status} has no description`);
      }
    }
  }
  return problems;
}

const t = useTestApp();
let served: string;
let doc: Doc;

beforeAll(async () => {
  served = (await api(t).get('/api/docs/json')).text;
  doc = JSON.parse(served) as Doc;
});

describe('the OpenAPI document', () => {
  it('says for every operation its operationId, summary, description, tags, security and error statuses', () => {
    expect(documentProblems(doc)).toEqual([]);
    const count = Object.values(doc.paths).flatMap((ops) => Object.keys(ops)).length;
    expect(count).toBeGreaterThanOrEqual(30);
  });

  it('catches an operation added without an operationId, a description or its security', () => {
    const broken = structuredClone(doc);
    broken.paths['/api/new'] = { get: { summary: 'x', tags: ['x'], responses: { '200': { description: 'OK' }, '500': { $ref: '#/components/responses/InternalError' } } } };
    expect(documentProblems(broken)).toEqual(['GET /api/new: no operationId', 'GET /api/new: no description', 'GET /api/new: no security (say [] for a public call)']);
  });

  it('derives security from the route’s auth hook: public, optional token, token', () => {
    const security = (path: string, method: string) => doc.paths[path]![method]!.security;
    expect(security('/api/health', 'get')).toEqual([]);
    expect(security('/api/login', 'post')).toEqual([]);
    expect(security('/api/place', 'get')).toEqual([{}, { bearerAuth: [] }]);
    for (const [path, method] of [
      ['/api/place/{id}', 'get'],
      ['/api/place/create', 'post'],
      ['/api/place/update/{id}', 'put'],
      ['/api/place/verified/{id}', 'put'],
      ['/api/place/delete/{id}', 'delete'],
      ['/api/rating/create', 'post'],
      ['/api/rating/{placeId}', 'get'],
      ['/api/rating/delete/{id}', 'delete'],
      ['/api/upload', 'post'],
    ] as const) {
      expect(security(path, method), `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
    expect(Object.keys(doc.paths['/api/place/verified/{id}']!.put!.responses!)).toEqual(expect.arrayContaining(['401', '403', '404', '500']));
  });

  it('names its models and defines the error once', () => {
    for (const name of ['Error', 'Place', 'PlaceIndexEntry', 'Review', 'ReviewListItem', 'User', 'AdminAction', 'PlaceCreate', 'PlaceUpdate', 'ReviewCreate', 'UserUpdate']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    // The error shape appears once, as the Error component (every error status is a shared response).
    const inlineErrors = served.match(/"UNAUTHORIZED","FORBIDDEN"/g) ?? [];
    expect(inlineErrors).toHaveLength(1);
    expect(doc.paths['/api/place']!.get!.responses!['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Place' } } } },
    });
  });

  it('documents the upload’s multipart body with its binary file field', () => {
    const content = doc.paths['/api/upload']!.post!.requestBody!.content!;
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect(content['multipart/form-data']!.schema).toMatchObject({ required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });
  });

  it('documents the rate-limit headers on 429 and the cache headers on the list', () => {
    const responses = doc.components.responses as Record<string, { headers?: Record<string, { required?: boolean }> }>;
    expect(responses.TooManyRequests!.headers!['Retry-After']!.required).toBe(true);
    expect(Object.keys(responses.TooManyRequests!.headers!)).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
    const list = doc.paths['/api/place']!.get!;
    expect(Object.keys(list.responses!['200']!.headers as Json)).toEqual(['ETag', 'Cache-Control']);
    expect(list.responses!['304']).toBeDefined();
    expect(JSON.stringify(list)).toContain('#/components/parameters/IfNoneMatch');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('describes every field of every model, with timestamps as date-time', () => {
    const missing: string[] = [];
    const undated: string[] = [];
    for (const [model, schema] of Object.entries(doc.components.schemas)) {
      for (const [field, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        if ('$ref' in property) continue;
        if (typeof property.description !== 'string' || property.description.trim() === '') missing.push(`${model}.${field}`);
        if (/_at$/.test(field) && property.format !== 'date-time') undated.push(`${model}.${field}`);
      }
    }
    expect(missing).toEqual([]);
    expect(undated).toEqual([]);
    expect(doc.components.schemas.Outing!.properties).toMatchObject({ starts_at: { type: 'string', format: 'date-time' } });
  });

  it('shows the `time` pair as OpenAPI 3.0 tools read it: a two-item array of numbers, no prefixItems', () => {
    expect(served).not.toContain('prefixItems');
    for (const model of ['Place', 'PlaceCreate', 'PlaceUpdate']) {
      const time = (doc.components.schemas[model]!.properties as Record<string, Json>).time!;
      expect(time, model).toMatchObject({ type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } });
      expect(String(time.description), model).toContain('[min, max]');
    }
  });

  it('is the same bytes from another app of the same build', async () => {
    const other = await buildTestApp();
    try {
      const again = (await api(other).get('/api/docs/json')).text;
      expect(again).toBe(served);
    } finally {
      await other.close();
    }
  });

  it('passes `redocly lint` (recommended rules) with no error and no warning', async () => {
    // A fixed path, so that the accepted problems of .redocly.lint-ignore.yaml (each with its reason) apply.
    const dir = join(repoRoot, '.tmp/openapi');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'openapi.json');
    // Both server projects may write it at once: the same bytes, swapped in whole.
    const partial = join(dir, `openapi.${process.pid}.${Date.now()}.tmp`);
    writeFileSync(partial, served);
    renameSync(partial, file);
    const run = await promisify(execFile)(redocly, ['lint', '.tmp/openapi/openapi.json', '--config', 'redocly.yaml', '--format', 'json'], {
      cwd: repoRoot,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number; ignored: number };
      problems: { ruleId: string; message: string; ignored?: boolean; location: { pointer: string }[] }[];
    };
    const problems = report.problems.filter((p) => !p.ignored).map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
