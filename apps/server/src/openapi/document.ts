import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_TRANSITIONS,
  AdminActionSchema,
  AdminSchema,
  ApiErrorSchema,
  DeletedSchema,
  DifficultySchema,
  GuideApplicationSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MyOutingsSchema,
  OkSchema,
  OutingCreateSchema,
  OutingParticipantSchema,
  OutingSchema,
  OutingStatusSchema,
  PasswordForgotSchema,
  PasswordResetSchema,
  PasswordUpdateResponseSchema,
  PasswordUpdateSchema,
  PlaceCreateSchema,
  PlaceIndexEntrySchema,
  PlaceSchema,
  PlaceDetailSchema,
  PlaceClosureRequestSchema,
  RatingUpdateSchema,
  TrailConditionSchema,
  TrailHazardSchema,
  PlaceSearchResponseSchema,
  PlaceUpdateSchema,
  PublicConfigSchema,
  RatingCreateSchema,
  RatingListItemSchema,
  RatingSchema,
  RegisterRequestSchema,
  ResetLinkSchema,
  RoleSchema,
  SavedStateSchema,
  StatusSchema,
  UploadResponseSchema,
  UserSchema,
} from '@sendero/contract';
import { DATE_TIME_FIELDS, FIELD_DESCRIPTIONS, MODEL_FIELD_DESCRIPTIONS } from '@/openapi/fields.js';

/**
 * The OpenAPI document (docs/architecture.md#api-documentation): generated from the zod schemas that
 * validate and serialize, through fastify-type-provider-zod's schema registry (named components), then
 * completed from what the routes really do: the security of their auth hook, the statuses every route of a
 * kind can answer (401/403 of the auth hooks, 400/413/415 of a parsed body, 404 of an id in the path, 429 of
 * a rate limit, 500), shared error responses defined once, ETag/If-None-Match/304 and the rate-limit headers.
 */

/**
 * Named models of the document (components.schemas): zod's global registry, where the contract may also
 * name a schema itself (`.meta({ id })`) and where `.describe()` texts live. A request body's component
 * gets the suffix `Input` only when it differs from the response one.
 */
export const apiSchemas = z.globalRegistry;
const named: [z.ZodType, string, string][] = [
  [ApiErrorSchema, 'Error', 'Every failure: `code` is stable, `message` is Spanish text to show, `fields` names the fields at fault (400).'],
  [DifficultySchema, 'Difficulty', 'Difficulty of a destination.'],
  [RoleSchema, 'Role', '`user`, `guide` (an approved guide) or `admin`.'],
  [StatusSchema, 'GuideStatus', 'Where the guide application stands: `none` (never applied), `Enviado` (sent), `Aprobado`, `Rechazado`, `Bloqueado`.'],
  [UserSchema, 'User', 'A person. Only the person themself and administrators ever receive it.'],
  [AdminSchema, 'Admin', 'An administrator as shown to themself.'],
  [PlaceSchema, 'Place', 'A trekking destination. Unverified places are seen only by their creator and administrators.'],
  [PlaceDetailSchema, 'PlaceDetail', 'A destination as its page shows it: the place and its recent trail conditions.'],
  [TrailConditionSchema, 'TrailCondition', 'The state of the path a review reports (docs/product.md#trail-conditions).'],
  [TrailHazardSchema, 'TrailHazard', 'A hazard a review reports (docs/product.md#trail-conditions).'],
  [PlaceIndexEntrySchema, 'PlaceIndexEntry', 'A destination as the browsing index and the search list it: what cards, filters and sorting need.'],
  [PlaceSearchResponseSchema, 'PlaceSearchPage', 'One page of search results.'],
  [RatingSchema, 'Review', 'A review of a destination (a star rating with a photo and a comment).'],
  [RatingListItemSchema, 'ReviewListItem', 'A review as listed under its destination, with its author’s name and avatar.'],
  [AdminActionSchema, 'AdminAction', 'One entry of the moderation log.'],
  [LoginResponseSchema, 'Session', 'A signed-in session: send `token` as `Authorization: Bearer <token>`.'],
  [DeletedSchema, 'Deleted', 'What a deletion answers.'],
  [UploadResponseSchema, 'UploadedImage', 'An uploaded image, re-encoded to WebP. Use `url` in photo fields.'],
  [OutingSchema, 'Outing', 'A group outing led by a guide to a verified destination.'],
  [OutingParticipantSchema, 'OutingParticipant', 'A participant of an outing (seen by its guide and administrators only).'],
  [OutingStatusSchema, 'OutingStatus', 'Whether an outing still takes place.'],
  [MyOutingsSchema, 'MyOutings', 'The outings the caller joined and the ones they lead.'],
  [SavedStateSchema, 'SavedState', 'Whether a destination is in the caller’s saved list.'],
  [PublicConfigSchema, 'PublicConfig', 'Public settings of this server.'],
  [OkSchema, 'Ok', 'Done.'],
  [ResetLinkSchema, 'ResetLink', 'A password-reset link (single use, valid 1 hour).'],
  [PasswordUpdateResponseSchema, 'PasswordChanged', 'The user and a fresh token (earlier tokens stop working).'],
  [RegisterRequestSchema, 'RegisterRequest', 'A new account.'],
  [LoginRequestSchema, 'LoginRequest', 'E-mail and password.'],
  [PlaceCreateSchema, 'PlaceCreate', 'A proposed destination. `id_user` is accepted for older clients and ignored: the caller is the creator.'],
  [PlaceUpdateSchema, 'PlaceUpdate', 'A partial update: only the fields sent change. `verified`, `id_user`, `rating` and `comments` cannot be set (400).'],
  [RatingCreateSchema, 'ReviewCreate', 'A review. `id_user` is accepted for older clients and ignored: the caller is the author.'],
  [RatingUpdateSchema, 'ReviewUpdate', 'A correction of one’s own review: any of its fields, under the rules of create (at least one).'],
  [PlaceClosureRequestSchema, 'PlaceClosureRequest', '`{until, note}` closes the place for a while; `{until: null, note: null}` reopens it.'],
  [PasswordUpdateSchema, 'PasswordUpdate', 'A new password (and optionally the photo).'],
  [PasswordForgotSchema, 'PasswordForgot', 'The e-mail of the account.'],
  [PasswordResetSchema, 'PasswordReset', 'The token of the reset link and the new password.'],
  [OutingCreateSchema, 'OutingCreate', 'A new outing.'],
];

/**
 * PUT /api/user/update2/{id} as a client should see it: the server validates one permissive object and
 * decides from who calls on whom (docs/decisions/004-update2-by-the-user-themself.md,
 * 005-update2-by-an-admin.md); the document shows the three bodies it accepts.
 */
const photoUrl = z.string().max(500).describe('URL of the caller’s own upload (POST /api/upload?preset=user); `""` removes the photo.');
const emailNotifications = z.boolean().describe('Whether the user receives notification e-mails.');
const ownRole = RoleSchema.describe('Only the caller’s current role, as older clients send it; any other is refused (403).');
export const ProfileUpdateDocSchema = z.strictObject({ photo_url: photoUrl.optional(), email_notifications: emailNotifications.optional(), role: ownRole.optional() });
export const GuideApplicationRequestDocSchema = GuideApplicationSchema.extend({
  status: z.literal('Enviado').describe('Sends (or replaces) the application; only a `user` may apply.'),
  photo_url: photoUrl.optional(),
  email_notifications: emailNotifications.optional(),
  role: ownRole.optional(),
});
const transition = (t: { readonly status: string; readonly role: string }) => z.strictObject({ status: z.literal(t.status), role: z.literal(t.role) });
export const GuideTransitionDocSchema = z.union([
  transition(ADMIN_TRANSITIONS.approve).describe('Approve: the user becomes a guide.'),
  transition(ADMIN_TRANSITIONS.reject).describe('Reject the application.'),
  transition(ADMIN_TRANSITIONS.blockGuide).describe('Block a guide: back to `user`, the application cleared.'),
]);
export const UserUpdateDocSchema = z.union([ProfileUpdateDocSchema, GuideApplicationRequestDocSchema, GuideTransitionDocSchema]);
named.push(
  [ProfileUpdateDocSchema, 'ProfileUpdate', 'By the user themself: the photo and the e-mail preference.'],
  [GuideApplicationRequestDocSchema, 'GuideApplicationRequest', 'By a `user` on themself: a guide application (`status: "Enviado"` with the application fields).'],
  [GuideTransitionDocSchema, 'GuideTransition', 'By an admin on another user: one of the three transitions (other pairs are refused).'],
  [UserUpdateDocSchema, 'UserUpdate', 'The three bodies of PUT /api/user/update2/{id}.'],
);
for (const [schema, id, description] of named) apiSchemas.add(schema, { id, description });

export const DOCS_PREFIX = '/api/docs';
const skipList = [`${DOCS_PREFIX}`, `${DOCS_PREFIX}/`, `${DOCS_PREFIX}/*`, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`, `${DOCS_PREFIX}/static/*`, `${DOCS_PREFIX}/initOAuth`, `${DOCS_PREFIX}/uiConfig`];

const BEARER = [{ bearerAuth: [] as string[] }];

/** Statuses an error response can have, each defined once in components.responses with the codes it carries. */
const ERROR_RESPONSES: Record<number, { name: string; codes: string[]; description: string }> = {
  400: {
    name: 'BadRequest',
    codes: ['VALIDATION_ERROR', 'INVALID_TRACK'],
    description: 'The request is not valid (a field, the query or the JSON). `fields` names the fields at fault. `INVALID_TRACK`: the uploaded file is not a GPX or KML route track the server accepts.',
  },
  401: { name: 'Unauthorized', codes: ['UNAUTHORIZED'], description: 'No valid token: missing, malformed, expired, or retired by a password change.' },
  403: { name: 'Forbidden', codes: ['FORBIDDEN'], description: 'The caller’s role or relation to the resource does not allow this.' },
  404: { name: 'NotFound', codes: ['NOT_FOUND'], description: 'Nothing the caller may see has this id (a malformed id is a 404 too).' },
  409: { name: 'Conflict', codes: ['CONFLICT'], description: 'The resource’s current state does not allow this (already exists, already full, already decided...).' },
  413: { name: 'PayloadTooLarge', codes: ['PAYLOAD_TOO_LARGE', 'USE_SEARCH'], description: 'The body is over its limit (JSON 1 MB, images and tracks 10 MB, images of too many pixels); `USE_SEARCH` on the index when the catalogue is too large to send whole.' },
  415: { name: 'UnsupportedMediaType', codes: ['UNSUPPORTED_MEDIA_TYPE'], description: 'The body is not of a type this call takes (JSON, or an accepted image for the upload).' },
  429: { name: 'TooManyRequests', codes: ['TOO_MANY_REQUESTS'], description: 'Too many attempts: wait the seconds of `Retry-After`.' },
  500: { name: 'InternalError', codes: ['INTERNAL_ERROR'], description: 'Unexpected failure (logged with the request id; the message never says more).' },
  503: {
    name: 'Unavailable',
    codes: ['SERVICE_UNAVAILABLE', 'INTERNAL_ERROR'],
    description: 'The server cannot answer this now (the database is unreachable or restarting, the image queue or the track reader is full, a search over its time budget): try again after `Retry-After` when given.',
  },
};

const DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  304: 'Not modified: the `If-None-Match` ETag is current; no body.',
};

type Hook = RouteOptions['onRequest'];
const hooksOf = (hook: Hook): unknown[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

/** What the route's own hooks make it answer: its security and the statuses that come with them. */
function routeFacts(app: FastifyInstance, route: RouteOptions) {
  const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)];
  const admin = hooks.includes(app.requireAdmin);
  const auth = admin || hooks.includes(app.requireAuth);
  const optional = hooks.includes(app.optionalAuth);
  const rateLimited = hooks.includes(app.authRateLimit) || Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  // Fastify parses a body on these methods: bad JSON, a body over the limit or another content type.
  const parsesBody = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE');
  const hasPathParams = route.url.includes(':');
  const statuses = [500];
  if (auth) statuses.push(401);
  if (admin) statuses.push(403);
  if (rateLimited) statuses.push(429);
  if (parsesBody) statuses.push(400, 413, 415);
  if (hasPathParams) statuses.push(404);
  const security = auth ? BEARER : optional ? [{}, ...BEARER] : [];
  return { security, statuses };
}

/** A route's `config.openapiBody`: JSON Schema as is, a named zod schema as its component. */
function documentedBody(body: Record<string, unknown> | z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!(body instanceof z.ZodType)) return body;
  const id = apiSchemas.get(body)?.id;
  if (!id) throw new Error('config.openapiBody: a zod schema must be named in apiSchemas');
  return { $ref: refTo(id) };
}

/** Per route: zod → JSON Schema with component refs, then the security and statuses of its hooks. */
type ZodTransform = ReturnType<typeof createJsonSchemaTransform>;

export function createTransform(
  app: FastifyInstance,
): (input: Parameters<ZodTransform>[0] & { route: RouteOptions }) => ReturnType<ZodTransform> {
  const zodTransform = createJsonSchemaTransform({ skipList, schemaRegistry: apiSchemas });
  return (input) => {
    const result = zodTransform(input);
    const schema = result.schema as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown>; security?: unknown };
    if (!schema || schema.hide) return result;
    const facts = routeFacts(app, input.route);
    const response = { ...(schema.response ?? {}) };
    // Placeholder schemas: transformObject replaces every error status with its shared response.
    for (const status of facts.statuses) if (!(status in response)) response[status] = { $ref: '#/components/schemas/Error' };
    // Answers that are not JSON (the GPX download): documented as given, never serialized by zod.
    Object.assign(response, input.route.config?.openapiResponses ?? {});
    const body = documentedBody(input.route.config?.openapiBody);
    const documented = { ...schema, ...(body ? { body } : {}), security: schema.security ?? facts.security, response };
    return { ...result, schema: documented as ReturnType<ZodTransform>['schema'] };
  };
}

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; parameters?: Json[]; requestBody?: Json };

const refTo = (name: string) => `#/components/schemas/${name}`;

/** Every `$ref` under a value. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else collectRefs(v, into);
    }
  }
}

function rewriteRefs(value: unknown, map: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? (map.get(v) ?? v) : rewriteRefs(v, map)]),
    );
  }
  return value;
}

/**
 * The registry yields every named model twice (`X` for responses, `XInput` for requests). Keep one when both
 * are the same, keep the plain name for a model used one way only, and drop what nothing references.
 */
function tidySchemas(doc: Json): Json {
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, unknown>;
  const map = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith('Input')) continue;
    const base = name.slice(0, -'Input'.length);
    if (base in schemas && JSON.stringify(schemas[base]) === JSON.stringify(schemas[name])) map.set(refTo(name), refTo(base));
  }
  let next = rewriteRefs(doc, map) as Json;
  // Reachable from paths (transitively).
  const all = ((next.components as Json).schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  const queue = new Set<string>();
  collectRefs({ paths: next.paths, responses: (next.components as Json).responses }, queue);
  while (queue.size > 0) {
    const [ref] = queue;
    queue.delete(ref!);
    if (used.has(ref!)) continue;
    used.add(ref!);
    const name = ref!.replace('#/components/schemas/', '');
    collectRefs(all[name], queue);
  }
  const kept = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(refTo(name))));
  // A request model whose response twin is not used takes the plain name.
  const rename = new Map<string, string>();
  for (const name of Object.keys(kept)) {
    const base = name.endsWith('Input') ? name.slice(0, -'Input'.length) : '';
    if (base && !(base in kept)) rename.set(refTo(name), refTo(base));
  }
  next = rewriteRefs(next, rename) as Json;
  const renamed = Object.fromEntries(
    Object.entries(rewriteRefs(kept, rename) as Record<string, unknown>).map(([name, schema]) => [rename.get(refTo(name))?.replace('#/components/schemas/', '') ?? name, schema]),
  );
  const sorted = Object.fromEntries(Object.entries(renamed).sort(([a], [b]) => a.localeCompare(b)));
  return { ...next, components: { ...(next.components as Json), schemas: sorted } };
}

const RATE_LIMIT_HEADERS: Record<string, Json> = {
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
  'X-RateLimit-Limit': { description: 'Requests allowed in the window (when the per-IP or per-user limiter answered).', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

function sharedResponses(used: Set<string>): Record<string, Json> {
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES).filter(({ name }) => used.has(name)).map(({ name, codes, description }) => [
      name,
      {
        description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
        ...(name === 'TooManyRequests' ? { headers: RATE_LIMIT_HEADERS } : {}),
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: refTo('Error') },
                { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } },
              ],
            },
          },
        },
      },
    ]),
  );
}

const CACHE_HEADERS: Record<string, Json> = {
  ETag: { description: 'Version of the body: send it back as `If-None-Match` to get a 304 while it is current.', schema: { type: 'string' } },
  'Cache-Control': { description: 'How long and where the answer may be kept.', schema: { type: 'string' } },
};

/** Whole document: shared error responses, descriptions, cache headers, tidy components. */
export function createTransformObject() {
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiSchemas });
  return (input: Parameters<typeof zodTransformObject>[0]) => {
    const doc = zodTransformObject(input) as unknown as Json;
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const usedResponses = new Set<string>();
    for (const ops of Object.values(paths)) {
      for (const op of Object.values(ops)) {
        const responses = op.responses ?? {};
        for (const [status, response] of Object.entries(responses)) {
          const shared = ERROR_RESPONSES[Number(status)];
          if (shared) {
            responses[status] = { $ref: `#/components/responses/${shared.name}` };
            usedResponses.add(shared.name);
            continue;
          }
          if (response.description === 'Default Response' || !response.description) {
            response.description = DESCRIPTIONS[Number(status)] ?? 'OK';
          }
          if (status === '304') delete response.content;
        }
        if ('304' in responses) {
          const ok = responses['200'];
          if (ok) ok.headers = { ...CACHE_HEADERS, ...(ok.headers as Json | undefined) };
          responses['304'] = { ...responses['304'], headers: CACHE_HEADERS };
          op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IfNoneMatch' }];
        }
        op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
      }
    }
    const components = (doc.components ?? {}) as Json;
    doc.components = {
      ...components,
      responses: sharedResponses(usedResponses),
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'The ETag of a copy the client holds: 304 without a body while it is current.',
          schema: { type: 'string' },
        },
      },
    };
    const tidy = plainTuples(tidySchemas(doc)) as Json;
    describeFields(((tidy.components as Json).schemas ?? {}) as Record<string, Json>);
    return tidy;
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A tuple (the `time` pair, a track point) as tools written for OpenAPI 3.0 read it: `items` with
 * `minItems` = `maxItems`, instead of 3.1's `prefixItems`. The same values validate either way
 * (docs/decisions/026-time-pair-in-the-api.md).
 */
function plainTuples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainTuples);
  if (!value || typeof value !== 'object') return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainTuples(v)])) as Json;
  const prefix = out.prefixItems;
  if (Array.isArray(prefix) && prefix.length > 0 && (out.items === false || out.items === undefined)) {
    // Items of different schemas (a track point: longitude, latitude, elevation or null) become one
    // schema any of them meets; the order is said in the tuple's description.
    const distinct = prefix.filter((s, i) => prefix.findIndex((t) => sameJson(s, t)) === i);
    delete out.prefixItems;
    out.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
    out.minItems = prefix.length;
    out.maxItems = prefix.length;
  }
  return out;
}

/** Descriptions of the models' fields (openapi/fields.ts) and `format: date-time` on timestamps. */
function describeFields(schemas: Record<string, Json>): void {
  for (const [model, schema] of Object.entries(schemas)) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    for (const [field, property] of Object.entries(properties)) {
      if ('$ref' in property) continue;
      const description = MODEL_FIELD_DESCRIPTIONS[model]?.[field] ?? FIELD_DESCRIPTIONS[field];
      if (description && !property.description) property.description = description;
      if (DATE_TIME_FIELDS.has(field) && property.type === 'string') property.format = 'date-time';
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as the document shows it, when it is not the validation schema: the multipart
     * upload (JSON Schema, `consumes` giving its media type), or a body whose validation is wider than
     * what the server finally takes (update2's three shapes; a named zod schema).
     */
    openapiBody?: Record<string, unknown> | z.ZodType;
    /** Responses documented as they are (OpenAPI response objects), for answers that are not JSON. */
    openapiResponses?: Record<number, Record<string, unknown>>;
  }
}
