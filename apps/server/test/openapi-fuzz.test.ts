import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, ApiErrorSchema } from '@sendero/contract';
import { useTestApp } from './helpers/app.js';
import { api } from './helpers/client.js';
import { bodyArb, fromSchema, hostileString, pathSegmentArb, safeEncode, type JsonSchema, type Pools } from './fuzz/arbitraries.js';
import { leaksIn } from './helpers/secret-guard.js';
import { createPlace, multipart, pngImage, uploadedUrl } from './helpers/upload-fixtures.js';

/**
 * docs/product.md#errors: a property-based fuzzer over every operation of the served OpenAPI document (/api/docs/json).
 * Requests are derived from each operation's schemas (mostly valid values, often one hostile field,
 * sometimes anything), sent as a visitor, a user, a guide or an admin, and every answer must hold:
 * no 5xx, the error shape with the security headers, no secret in the body, and a refused request
 * leaves the data as it was.
 *
 * Bounded: FUZZ_RUNS requests per operation (default 6 in `npm test`, seed FUZZ_SEED or a fixed one);
 * `npm run fuzz` runs a longer campaign with a random seed and prints it on failure.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type Role = 'visitor' | 'user' | 'guide' | 'admin';
interface Session {
  id: string;
  token: string;
}
interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  body?: JsonSchema;
  multipart: boolean;
}

// Per-IP auth limit high enough that the fuzzer reaches the handlers (the limit has its own tests).
const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000', UPLOAD_RATE_LIMIT_PER_USER: '100000' } });
let operations: Operation[] = [];
const sessions: Partial<Record<Role, Session>> = {};
const pools: Pools = { ids: [], uploads: [], emails: [] };

/** A digest of every table a request may change (password_resets is written after its 200 answer, in the background). */
async function dataDigest(): Promise<string> {
  const tables = ['users', 'places', 'ratings', 'uploads', 'admin_actions', 'saved_places'];
  const parts = tables.map((name) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${name} t)`);
  const result = (await t.db.execute(sql.raw(`select ${parts.join(" || ',' || ")} as digest`))) as unknown as { rows: { digest: string }[] };
  return result.rows[0]!.digest;
}

/** The document with every local `$ref` replaced by what it points to (the models are named components). */
function inlineRefs(doc: unknown): unknown {
  const resolve = (ref: string): unknown => ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const { $ref, ...rest } = value as Record<string, unknown>;
    if (typeof $ref === 'string' && $ref.startsWith('#/')) return walk({ ...(resolve($ref) as object), ...rest });
    return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc);
}

beforeAll(async () => {
  const [admin, user, guide] = await Promise.all([
    t.createAdmin(),
    t.createUser(),
    t.createUser({ role: 'guide', status: 'Aprobado' }),
  ]);
  for (const [role, u] of [['admin', admin], ['user', user], ['guide', guide]] as const) {
    sessions[role] = { id: u.user._id, token: u.token };
    pools.ids.push(u.user._id);
    pools.emails.push(u.user.email);
  }
  const place = await createPlace(t, user.token, { name: 'Laguna del fuzzer' }, { verifyWith: admin.token });
  pools.ids.push(place._id);
  pools.uploads.push(...place.photos, await uploadedUrl(t, user.token, 'rating'), await uploadedUrl(t, guide.token, 'user'));

  const doc = inlineRefs((await api(t).get('/api/docs/json')).body) as {
    paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; tags?: string[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
      multipart: path === '/api/upload',
    })),
  );
});

interface FuzzRequest {
  role: Role;
  segments: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  contentType: 'json' | 'text' | 'none';
  ip: string;
  file: { kind: 'png' | 'bytes' | 'cut'; bytes: Uint8Array; cut: number };
}

function requestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  const segments = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, pathSegmentArb(() => pools)]));
  const query = Object.fromEntries(
    op.params
      .filter((p) => p.in === 'query')
      .map((p) => [p.name, fc.oneof({ weight: 3, arbitrary: fromSchema(p.schema, () => pools, p.name) }, { weight: 1, arbitrary: hostileString })]),
  );
  return fc.record({
    role: fc.constantFrom<Role>('visitor', 'user', 'guide', 'admin'),
    segments: fc.record(segments),
    query: fc.record(query, { requiredKeys: [] }).map((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))),
    body: op.body ? bodyArb(op.body, () => pools) : fc.constant(undefined),
    contentType: fc.constantFrom<FuzzRequest['contentType']>('json', 'json', 'json', 'json', 'text', 'none'),
    ip: fc.constantFrom('10.20.0.1', '10.20.0.2', '10.20.0.3'),
    file: fc.record({ kind: fc.constantFrom<FuzzRequest['file']['kind']>('png', 'bytes', 'cut'), bytes: fc.uint8Array({ maxLength: 64 }), cut: fc.nat() }),
  });
}

let png: Buffer | undefined;

async function send(op: Operation, req: FuzzRequest) {
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => req.segments[name] ?? 'x');
  const qs = Object.entries(req.query)
    .map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`)
    .join('&');
  if (qs) url += `?${qs}`;
  const session = req.role === 'visitor' ? undefined : sessions[req.role];
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (op.multipart) {
    png ??= await pngImage(12, 12);
    const data = req.file.kind === 'png' ? png : req.file.kind === 'cut' ? png.subarray(0, req.file.cut % png.length) : Buffer.from(req.file.bytes);
    const body = multipart(data);
    Object.assign(headers, body.headers);
    payload = body.payload;
  } else if (req.body !== undefined && req.contentType !== 'none') {
    payload = JSON.stringify(req.body);
    headers['content-type'] = req.contentType === 'json' ? 'application/json' : 'text/plain';
  }
  return api(t, session?.token, { remoteAddress: req.ip }).request({ method: op.method as 'GET', url, headers, payload });
}

/** Keeps the fuzzer's sessions and pools current: new tokens after a password change, new ids and uploads. */
function learn(res: { status: number; body: unknown }, role: Role) {
  if (res.status >= 300 || res.body === undefined) return;
  const record = res.body as { token?: unknown; user?: { _id?: string }; _id?: unknown; url?: unknown };
  const session = sessions[role];
  if (session && typeof record.token === 'string' && (record.user?._id === session.id || record._id === session.id)) session.token = record.token;
  if (typeof record._id === 'string' && !pools.ids.includes(record._id) && pools.ids.length < 50) pools.ids.push(record._id);
  if (typeof record.url === 'string' && record.url.startsWith('/uploads/') && pools.uploads.length < 20) pools.uploads.push(record.url);
}

describe('the OpenAPI fuzzer', () => {
  it('derives requests from every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(expect.arrayContaining([`POST ${API.register}`, 'PUT /api/user/update2/{id}', 'POST /api/upload']));
  });

  it(`every operation, ${RUNS} requests each: no 5xx, the error shape, no secret, refusals change nothing`, async () => {
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      const seed = SEED + index;
      const result = await fc.check(
        fc.asyncProperty(requestArb(op), async (req) => {
          const before = await dataDigest();
          const res = await send(op, req);
          const what = `${op.method} ${op.path} as ${req.role} -> ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, what).toBeLessThan(500);
          expect(res.headers['x-content-type-options'], what).toBe('nosniff');
          expect(String(res.headers['content-security-policy']), what).toContain("default-src 'self'");
          expect(leaksIn(res.text), what).toEqual([]);
          if (res.status >= 400) {
            const parsed = ApiErrorSchema.safeParse(res.body);
            expect(parsed.success, what).toBe(true);
            expect(parsed.data?.error.message.length, what).toBeGreaterThan(0);
            expect(await dataDigest(), `${what}: a refused request changed the data`).toBe(before);
          }
          learn(res, req.role);
        }),
        { numRuns: RUNS, seed, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(`${op.method} ${op.path} (FUZZ_SEED=${SEED}, operation seed ${seed}, path ${result.counterexamplePath}): ${String(result.errorInstance ?? '').slice(0, 800)}\n  request: ${fc.stringify(result.counterexample?.[0]).slice(0, 600)}`);
      }
    }
    if (failures.length > 0) console.log(`Fuzz failures (reproduce with FUZZ_SEED=${SEED}):\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
  }, 600_000);
});
