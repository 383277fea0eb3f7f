import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, TOKEN_TTL_SECONDS } from '@/services/tokens.js';

const secret = 'a-test-secret-of-enough-length-0123456789';
const key = new TextEncoder().encode(secret);
const sub = '0b6f3c52-8a1e-4c55-9a7e-2f1d3b4c5d6e';
const now = Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token signed by hand with our secret: any header and payload bytes. */
const handSigned = (header: unknown, payload: unknown) => {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
};
const valid = { sub, ver: 0, iat: now, exp: now + 3600 };

/** jose's verdict with the options the service had before it checked tokens itself. */
async function joseAccepts(token: string): Promise<boolean> {
  try {
    await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'], maxTokenAge: TOKEN_TTL_SECONDS, clockTolerance: 60 });
    return true;
  } catch {
    return false;
  }
}

describe('token verification (services/tokens.ts)', () => {
  const tokens = createTokenService(secret);

  it('accepts its own tokens and answers their claims', async () => {
    const token = await tokens.sign({ sub, ver: 3 });
    expect(tokens.verify(token)).toEqual({ sub, ver: 3 });
  });

  it('refuses what jose refuses, and accepts what it accepts', async () => {
    const signed = await tokens.sign({ sub, ver: 0 });
    const [h, p, s] = signed.split('.') as [string, string, string];
    const cases: Record<string, string> = {
      'own token': signed,
      'hand signed': handSigned({ alg: 'HS256', typ: 'JWT' }, valid),
      'other secret': await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('another secret')),
      'tampered payload': `${h}.${b64({ ...valid, ver: 9 })}.${s}`,
      'signature cut': `${h}.${p}.${s.slice(0, -2)}`,
      'signature with a bad character': `${h}.${p}.${s.slice(0, -1)}*`,
      'no signature': `${h}.${p}.`,
      'alg none': `${b64({ alg: 'none' })}.${p}.`,
      'alg HS512': handSigned({ alg: 'HS512' }, valid),
      'no alg': handSigned({ typ: 'JWT' }, valid),
      'crit header': handSigned({ alg: 'HS256', crit: ['exp'] }, valid),
      'unencoded payload': handSigned({ alg: 'HS256', b64: false, crit: ['b64'] }, valid),
      'header not JSON': handSigned('not json', valid),
      'payload an array': handSigned({ alg: 'HS256' }, [valid]),
      'payload not UTF-8': (() => {
        const input = `${b64({ alg: 'HS256' })}.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}`;
        return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
      })(),
      'four parts': `${signed}.x`,
      'two parts': `${h}.${p}`,
      'no exp': handSigned({ alg: 'HS256' }, { sub, ver: 0, iat: now }),
      'no iat': handSigned({ alg: 'HS256' }, { sub, ver: 0, exp: now + 3600 }),
      'no sub': handSigned({ alg: 'HS256' }, { ver: 0, iat: now, exp: now + 3600 }),
      'exp a string': handSigned({ alg: 'HS256' }, { ...valid, exp: String(now + 3600) }),
      'expired': handSigned({ alg: 'HS256' }, { ...valid, iat: now - 7200, exp: now - 3600 }),
      'expired within the skew': handSigned({ alg: 'HS256' }, { ...valid, iat: now - 7200, exp: now - 30 }),
      'iat in the future': handSigned({ alg: 'HS256' }, { ...valid, iat: now + 3600, exp: now + 7200 }),
      'iat in the future within the skew': handSigned({ alg: 'HS256' }, { ...valid, iat: now + 30 }),
      'older than its lifetime': handSigned({ alg: 'HS256' }, { ...valid, iat: now - TOKEN_TTL_SECONDS - 3600, exp: now + 3600 }),
      'nbf not reached': handSigned({ alg: 'HS256' }, { ...valid, nbf: now + 3600 }),
      'nbf reached': handSigned({ alg: 'HS256' }, { ...valid, nbf: now - 10 }),
      'nbf a string': handSigned({ alg: 'HS256' }, { ...valid, nbf: 'soon' }),
    };
    for (const [name, token] of Object.entries(cases)) {
      expect({ name, accepted: tokens.verify(token) !== null }).toEqual({ name, accepted: await joseAccepts(token) });
    }
    // The cases must include both verdicts, so the comparison can fail either way.
    expect(tokens.verify(cases['own token']!)).not.toBeNull();
    expect(tokens.verify(cases['tampered payload']!)).toBeNull();
  });

  it('refuses a token whose lifetime is longer than TOKEN_TTL_SECONDS, a sub that is not a user id, and a ver that is not an integer', () => {
    expect(tokens.verify(handSigned({ alg: 'HS256' }, { ...valid, exp: now + TOKEN_TTL_SECONDS + 3600 }))).toBeNull();
    expect(tokens.verify(handSigned({ alg: 'HS256' }, { ...valid, sub: 'admin' }))).toBeNull();
    expect(tokens.verify(handSigned({ alg: 'HS256' }, { ...valid, ver: 1.5 }))).toBeNull();
    expect(tokens.verify(handSigned({ alg: 'HS256' }, { ...valid, ver: '0' }))).toBeNull();
    expect(tokens.verify(handSigned({ alg: 'HS256' }, valid))).toEqual({ sub, ver: 0 });
  });
});
