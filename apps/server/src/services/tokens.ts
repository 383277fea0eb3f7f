import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';

/** JWT HS256 carrying the user id (`sub`) and the user's token version (`ver`), valid 7 days. */
export interface TokenClaims {
  sub: string;
  ver: number;
}

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const CLOCK_TOLERANCE_SECONDS = 60;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenService {
  sign(claims: TokenClaims, now?: Date): Promise<string>;
  /** The claims of a valid, unexpired token signed with our secret; null for anything else. */
  verify(token: string, now?: Date): TokenClaims | null;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verifierAt = (clockTimestamp?: number) =>
    createVerifier({
      key: secret,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS * 1000,
      maxAge: (TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000,
      clockTimestamp,
    });
  const verifier = verifierAt();
  return {
    async sign({ sub, ver }, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_TTL_SECONDS)
        .sign(key);
    },
    // Checked synchronously by fast-jwt (the verifier behind @fastify/jwt): the WebCrypto verify behind
    // jose's jwtVerify is asynchronous and cost a fifth of a place detail request's CPU. fast-jwt checks
    // the compact form, alg HS256 only, `crit`, the signature, exp/iat/sub present, exp and nbf with 60 s
    // of clock skew, and at most TOKEN_TTL_SECONDS since iat; what it leaves to us (iat not in the future,
    // a lifetime no longer than ours, the claims' types) is checked after it.
    verify(token, now) {
      let payload: Record<string, unknown>;
      try {
        payload = (now ? verifierAt(now.getTime()) : verifier)(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      const { exp, iat, sub, ver } = payload;
      if (typeof exp !== 'number' || typeof iat !== 'number') return null;
      const seconds = Math.floor((now?.getTime() ?? Date.now()) / 1000);
      if (iat - CLOCK_TOLERANCE_SECONDS > seconds || exp - iat > TOKEN_TTL_SECONDS) return null;
      if (typeof sub !== 'string' || !UUID_RE.test(sub)) return null;
      if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
      return { sub, ver };
    },
  };
}
