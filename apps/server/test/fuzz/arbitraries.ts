import fc from 'fast-check';

/**
 * fast-check arbitraries derived from the JSON schemas of the served OpenAPI document (docs/product.md#errors): mostly
 * values the schema allows, mixed with adversarial ones (NUL, lone surrogates, huge, wrong types, extra
 * and missing fields), so both the happy paths and the refusals are exercised.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
};

/** Values that have broken servers before: NUL, lone surrogates, path tricks, markup, a hash-looking text, long text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Ana María\u0000',
    '\uD800',
    'x\uDC00',
    '\uDBFF\uDBFF',
    "'; drop table users; --",
    '%c0%ae%c0%ae',
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '$argon2id$v=19$m=1,t=1,p=1$x$y',
    '   ',
    '',
    '\u202e\u200b\ufeff',
    '😀'.repeat(300),
    'a'.repeat(6000),
  ),
  fc.string({ unit: 'binary', maxLength: 24 }),
);

/** Any JSON value, for fields that get the wrong type. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, -1, 0, 1e308, -1e308, 2 ** 53 + 1, true, [], {}),
);

export interface Pools {
  /** Ids that exist (users, places, reviews) and may be picked for uuid fields. */
  ids: string[];
  /** URLs of uploads (of any user). */
  uploads: string[];
  /** E-mails of existing accounts. */
  emails: string[];
}

const pick = <T>(pool: () => T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.nat().chain((i) => {
    const values = pool();
    return values.length > 0 ? fc.constant(values[i % values.length]!) : fallback;
  });

function stringArb(schema: JsonSchema, key: string, pools: () => Pools): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(pick(() => pools().ids, fc.uuid()), fc.uuid());
  if (schema.format === 'email' || key === 'email') {
    return fc.oneof(pick(() => pools().emails, fc.emailAddress()), fc.emailAddress());
  }
  if (/photo/.test(key)) return fc.oneof({ weight: 3, arbitrary: pick(() => pools().uploads, fc.constant('/uploads/x.webp')) }, { weight: 1, arbitrary: fc.webUrl() });
  if (/^id_/.test(key)) return fc.oneof(pick(() => pools().ids, fc.uuid()), fc.uuid());
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  return fc.string({ minLength: min, maxLength: max });
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema allows (as far as a generator can tell: patterns and cross-field rules aside). */
export function fromSchema(schema: JsonSchema | undefined, pools: () => Pools, key = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, pools, key, depth + 1)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf) as JsonSchema, pools, key, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema, key, pools);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => fromSchema(s, pools, key, depth + 1)));
      const item = schema.items === false ? anyJson : fromSchema(schema.items, pools, key, depth + 1);
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, fromSchema(s, pools, k, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return anyJson;
  }
}

/** A value of the schema, then one hostile change: a field replaced, removed or added. */
export function mutated(schema: JsonSchema | undefined, pools: () => Pools): fc.Arbitrary<unknown> {
  const valid = fromSchema(schema, pools);
  const keys = Object.keys(schema?.properties ?? {});
  return fc
    .tuple(valid, fc.nat(), fc.constantFrom('replace', 'remove', 'add'), fc.oneof(hostileString, anyJson), fc.string({ maxLength: 12 }))
    .map(([value, i, how, replacement, extraKey]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return replacement;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const key = keys.length > 0 ? keys[i % keys.length]! : extraKey;
      if (how === 'replace') out[key] = replacement;
      else if (how === 'remove') delete out[key];
      else out[extraKey || 'extra'] = replacement;
      return out;
    });
}

/** A request body for a JSON schema: mostly valid, often one field hostile, sometimes anything at all. */
export function bodyArb(schema: JsonSchema | undefined, pools: () => Pools): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fromSchema(schema, pools) },
    { weight: 3, arbitrary: mutated(schema, pools) },
    { weight: 1, arbitrary: anyJson },
  );
}

/** A path segment: an existing id, a random UUID, or something no router should choke on. */
export function pathSegmentArb(pools: () => Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: pick(() => pools().ids, fc.uuid()) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom('%c0%ae%c0%ae', '%00', '%', '%E0%A4%A', '..', 'null', '-1', 'a'.repeat(120), 'a'.repeat(3000), '%F0%9F%98%80', '00000000-0000-0000-0000-000000000000'),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(safeEncode) },
  );
}

/** encodeURIComponent, which throws on a lone surrogate: then the raw UTF-8 bytes of its replacement. */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}
