import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Suite-wide contract check (docs/product.md#calls): every response that a server test receives from an /api route is
 * checked against the OpenAPI document the same app serves, with ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1): its status must be documented for the operation, its content type must be one the
 * document lists, its JSON body must match the schema, and the headers the document requires must be
 * there. buildTestApp() feeds every response here through an onSend hook; setup.ts fails the running test
 * when a response did not match. Routes added later are covered without any change here.
 *
 * CONTRACT_REPORT=<file> appends one line per checked response (for counting).
 */

type Json = Record<string, unknown>;
interface ResponseObject {
  description?: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema?: unknown }>;
  $ref?: string;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const violations: string[] = [];
let checked = 0;

/** One compiled checker per distinct document (every test app of a worker serves the same one). */
type Checker = { doc: Json; ajv: Ajv2020; validators: Map<string, ValidateFunction> };
const checkers = new Map<string, Checker>();
const byObject = new WeakMap<Json, Checker>();

function checkerFor(doc: Json): Checker {
  const known = byObject.get(doc);
  if (known) return known;
  const key = JSON.stringify(doc);
  let checker = checkers.get(key);
  if (!checker) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi');
    checker = { doc, ajv, validators: new Map() };
    checkers.set(key, checker);
  }
  byObject.set(doc, checker);
  return checker;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** `/api/place/:id` → `/api/place/{id}`. */
export const openapiPath = (routeUrl: string) => routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function describeResponse(doc: Json, method: string, path: string, status: number, contentType: string, body: string | undefined, headers: Record<string, unknown>): string | null {
  const paths = doc.paths as Record<string, Record<string, OperationObject>>;
  const operation = paths[path]?.[method.toLowerCase()];
  if (!operation) return 'the operation is not in the document';
  let pointer = `openapi#/paths/${escapePointer(path)}/${method.toLowerCase()}/responses/${status}`;
  let response = operation.responses?.[String(status)];
  if (!response) return `status ${status} is not documented`;
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    response = ((doc.components as Json).responses as Record<string, ResponseObject>)[name];
    if (!response) return `${String(operation.responses?.[String(status)]?.$ref)} does not exist`;
    pointer = `openapi#/components/responses/${escapePointer(name)}`;
  }
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    if (header.required && headers[name.toLowerCase()] === undefined) return `required header ${name} is missing`;
  }
  const hasBody = body !== undefined && body.length > 0;
  if (!response.content) return hasBody ? `a body was sent where the document describes none: ${body.slice(0, 120)}` : null;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const media = response.content[mediaType];
  if (!media) return `content type "${mediaType}" is not documented (documented: ${Object.keys(response.content).join(', ')})`;
  if (body === undefined || !mediaType.endsWith('json') || media.schema === undefined) return null;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return `the body is not JSON: ${body.slice(0, 120)}`;
  }
  const checker = checkerFor(doc);
  const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
  let validate = checker.validators.get(schemaPointer);
  if (!validate) {
    validate = checker.ajv.getSchema(schemaPointer);
    if (!validate) return `cannot compile ${schemaPointer}`;
    checker.validators.set(schemaPointer, validate);
  }
  if (!validate(data)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    return `the body does not match the schema: ${errors.join('; ')} — ${body.slice(0, 200)}`;
  }
  return null;
}

interface Received {
  doc: Json;
  method: string;
  url: string;
  path: string;
  status: number;
  contentType: string;
  body: string | undefined;
  headers: Record<string, unknown>;
}
/** Responses received and not checked yet: checked after the test, so the check never slows a request. */
const pending: Received[] = [];

/** Adds the check to a test app (before ready). Only /api routes that the router matched are checked. */
export function checkResponsesAgainstDocument(app: FastifyInstance): void {
  let doc: Json | undefined;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || !routeUrl.startsWith('/api/') || routeUrl.startsWith('/api/docs')) return payload;
    doc ??= app.swagger() as unknown as Json;
    const headers = { ...reply.getHeaders() };
    // Compressed or streamed bodies: status, content type and headers only.
    const readable = (typeof payload === 'string' || Buffer.isBuffer(payload)) && headers['content-encoding'] === undefined;
    const body = payload === undefined || payload === null ? undefined : readable ? (payload as string | Buffer).toString() : undefined;
    pending.push({
      doc,
      method: request.method,
      url: request.url,
      path: openapiPath(routeUrl),
      status: reply.statusCode,
      contentType: String(headers['content-type'] ?? ''),
      body,
      headers,
    });
    return payload;
  });
}

/** Checks the responses received since the last call; returns those that did not match (setup.ts fails the running test on any). */
export function takeContractViolations(): string[] {
  for (const r of pending.splice(0, pending.length)) {
    const problem = describeResponse(r.doc, r.method, r.path, r.status, r.contentType, r.body, r.headers);
    checked += 1;
    if (process.env.CONTRACT_REPORT) appendFileSync(process.env.CONTRACT_REPORT, `${r.method} ${r.path} ${r.status} ${problem ? 'FAIL' : 'ok'}\n`);
    if (problem) violations.push(`${r.method} ${r.url} → ${r.status}: ${problem}`);
  }
  return violations.splice(0, violations.length);
}

/** How many responses were checked in this worker. */
export const contractChecked = () => checked;
