import { jwtVerify, SignJWT } from 'jose';

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
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
    async verify(token) {
      try {
        // A token must say when it expires and when it was issued, not in the future (60 s of clock
        // skew allowed), and be at most TOKEN_TTL_SECONDS old whatever its `exp` says.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: TOKEN_TTL_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
        if (payload.exp - payload.iat > TOKEN_TTL_SECONDS) return null;
        const { sub, ver } = payload;
        if (typeof sub !== 'string' || !UUID_RE.test(sub)) return null;
        if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
        return { sub, ver };
      } catch {
        return null;
      }
    },
  };
}
