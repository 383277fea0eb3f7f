import '@/lib/zod-jitless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LoginRequestSchema } from '@sendero/contract';

describe('zod-jitless', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the setting zod reads', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('parses objects without compiling code (no eval under the CSP)', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ a: z.string(), b: z.number() });
    expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(LoginRequestSchema.safeParse({ email: 'a@b.co', password: 'secreto123' }).success).toBe(true);
    expect(compile).not.toHaveBeenCalled();
  });
});
