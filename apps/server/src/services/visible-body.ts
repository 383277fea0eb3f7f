import { canSeePlace, MSG } from '@sendero/contract';
import type { ReadCache } from '@/db/read-cache.js';
import type { Db } from '@/db/types.js';
import { notFound, unauthorized } from '@/errors.js';
import type { CachedBody } from '@/http/cached-body.js';
import type { AuthUser } from '@/services/caller.js';
import { callerFromRow, callerRows, type CallerRow } from './auth.js';
import type { TokenClaims } from './tokens.js';

/** An answer about one place as sent (its detail, its reviews): who may see the place, and the JSON bytes with their ETag. */
export interface VisibleBody {
  ownership: { verified: boolean; id_user: string };
  body: CachedBody;
}

/** What one statement read: the caller's row and the place's body (each missing when there is none). */
export interface CallerAndBody {
  caller?: CallerRow;
  kept?: VisibleBody;
}

/**
 * The caller and an answer about one place that only some callers may see, read by `read` (one
 * statement: the caller's row, as on every request, and the place), or on the embedded database both
 * taken from the caches when no write ran since they were read (db/read-cache.ts, decision 31).
 * 401 when the token's user is gone or its token was retired, 404 when the caller may not see the place.
 */
export async function callerAndVisibleBody(
  db: Db,
  claims: TokenClaims,
  placeId: string | null,
  bodies: { on(db: Db): ReadCache<VisibleBody> | null },
  read: () => Promise<CallerAndBody>,
  /** The cache key of the place's body; a body that depends on the day (the detail's conditions) names it. */
  keyOf: (placeId: string) => string = (id) => id,
): Promise<{ auth: AuthUser; body: CachedBody }> {
  const callers = callerRows.on(db);
  const cache = bodies.on(db);
  if (callers && cache && placeId) {
    const caller = callers.get(claims.sub);
    const kept = caller && cache.get(keyOf(placeId));
    if (kept) return visible({ caller, kept }, claims);
  }
  const at = callers?.generation();
  const found = await read();
  if (at !== undefined) {
    if (found.caller) callers!.set(claims.sub, found.caller, at);
    if (found.kept && placeId) cache?.set(keyOf(placeId), found.kept, at);
  }
  return visible(found, claims);
}

function visible({ caller, kept }: CallerAndBody, claims: TokenClaims): { auth: AuthUser; body: CachedBody } {
  const auth = callerFromRow(caller, claims);
  if (!auth) throw unauthorized();
  if (!kept || !canSeePlace(kept.ownership, auth)) throw notFound(MSG.placeNotFound);
  return { auth, body: kept.body };
}
