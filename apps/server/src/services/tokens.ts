import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

/** JWT HS256 carrying the user id (`sub`) and the user's token version (`ver`), valid 7 days. */
export interface TokenClaims {
  sub: string;
  ver: number;
}

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const CLOCK_TOLERANCE_SECONDS = 60;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL_RE = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export interface TokenService {
  sign(claims: TokenClaims, now?: Date): Promise<string>;
  /** The claims of a valid, unexpired token signed with our secret; null for anything else. */
  verify(token: string, now?: Date): TokenClaims | null;
}

/** A base64url segment decoded to a plain JSON object, or null (bad characters, bad UTF-8, not an object). */
function jsonObject(segment: string): Record<string, unknown> | null {
  if (!BASE64URL_RE.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(segment, 'base64url')));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
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
    // Checked synchronously with node:crypto (an HMAC-SHA256 and a constant-time comparison): the
    // WebCrypto verify behind jose's jwtVerify is asynchronous and cost a fifth of a place detail
    // request's CPU. The checks are jose's for these options: compact JWS, alg HS256 only (no `crit`,
    // no unencoded payload), a JSON object as claims, exp, iat and sub present, exp not past, nbf (if
    // any) reached and iat not in the future, 60 s of clock skew allowed, and at most TOKEN_TTL_SECONDS
    // old whatever its `exp` says.
    verify(token, now = new Date()) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      const header = jsonObject(headerPart);
      if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
      if (!BASE64URL_RE.test(signaturePart)) return null;
      const signature = Buffer.from(signaturePart, 'base64url');
      const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
      const payload = jsonObject(payloadPart);
      if (!payload) return null;
      const { exp, iat, nbf, sub, ver } = payload;
      if (typeof exp !== 'number' || typeof iat !== 'number' || !('sub' in payload)) return null;
      const seconds = Math.floor(now.getTime() / 1000);
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds + CLOCK_TOLERANCE_SECONDS)) return null;
      if (exp <= seconds - CLOCK_TOLERANCE_SECONDS) return null;
      const age = seconds - iat;
      if (age - CLOCK_TOLERANCE_SECONDS > TOKEN_TTL_SECONDS || age < -CLOCK_TOLERANCE_SECONDS) return null;
      if (exp - iat > TOKEN_TTL_SECONDS) return null;
      if (typeof sub !== 'string' || !UUID_RE.test(sub)) return null;
      if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
      return { sub, ver };
    },
  };
}
