import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index.js';
import { MSG } from './messages.js';
import { isSafeText, text } from './schemas.js';

type Leaf = (string | number)[] & { restricted?: boolean };

/** The paths of every string a schema accepts (object fields, optional/nullable wrappers, arrays, tuples, pipes). */
function stringLeaves(schema: z.ZodType, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'string': {
      // A formatted string (z.uuid(), z.email(), .regex(...)) accepts only its own alphabet: no NUL can
      // pass it, and its own message ("invalid link", "not found") is the right one.
      const checks = (def.checks ?? []) as { _zod: { def: { format?: string } } }[];
      const restricted = Boolean(def.format) || checks.some((c) => c._zod.def.format);
      (out as Leaf[]).push(Object.assign([...path], { restricted }));
      break;
    }
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) stringLeaves(child, [...path, key], out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
      stringLeaves(def.innerType as z.ZodType, path, out);
      break;
    case 'array':
      stringLeaves(def.element as z.ZodType, [...path, 0], out);
      break;
    case 'tuple':
      (def.items as z.ZodType[]).forEach((item, i) => stringLeaves(item, [...path, i], out));
      break;
    case 'pipe':
      stringLeaves(def.in as z.ZodType, path, out);
      break;
  }
  return out;
}

function valueAt(path: (string | number)[], leaf: string): unknown {
  let value: unknown = leaf;
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const key = path[i]!;
    value = typeof key === 'number' ? Array.from({ length: key + 1 }, (_, j) => (j === key ? value : 'x')) : { [key]: value };
  }
  return value;
}

const isStrictObject = (value: unknown): value is z.ZodObject => {
  const def = (value as { _zod?: { def?: { type?: string; catchall?: { _zod: { def: { type: string } } } } } })?._zod?.def;
  return def?.type === 'object' && def.catchall?._zod.def.type === 'never';
};

// Every request schema of the contract is a strictObject (unknown fields are a 400): each one is checked,
// so a schema added later with a bare z.string() fails here.
const requestSchemas = Object.entries(contract).filter(([, value]) => isStrictObject(value)) as [string, z.ZodObject][];

describe('the shared text refinement', () => {
  it('tells safe text from NUL characters and lone surrogates', () => {
    expect(isSafeText('Ana María 😀')).toBe(true);
    expect(isSafeText('Ana María\u0000')).toBe(false);
    expect(isSafeText('a\uD800b')).toBe(false);
    expect(isSafeText('a\uDC00')).toBe(false);
    expect(isSafeText('\uDC00\uD800')).toBe(false);
    expect(text().safeParse('\u0000').error?.issues[0]?.message).toBe(MSG.invalidCharacters);
  });

  it('finds the request schemas', () => {
    const names = requestSchemas.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['RegisterRequestSchema', 'PlaceCreateSchema', 'RatingCreateSchema', 'SelfUpdateSchema']));
  });

  for (const [name, schema] of requestSchemas) {
    const leaves = stringLeaves(schema);
    if (leaves.length === 0) continue;
    it(`${name}: every string field refuses NUL and lone surrogates, naming the field`, () => {
      for (const path of leaves) {
        for (const bad of ['Ana María\u0000', 'Ana \uD83D María']) {
          const result = schema.safeParse(valueAt(path, bad));
          const issue = result.error?.issues.find((i) => i.path.join('.') === path.join('.'));
          if ((path as Leaf).restricted) expect(issue, `${name}.${path.join('.')}`).toBeDefined();
          else expect(issue?.message, `${name}.${path.join('.')}`).toBe(MSG.invalidCharacters);
        }
      }
    });
  }
});
