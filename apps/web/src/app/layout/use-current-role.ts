import { useEffect } from 'react';
import type { Role, Session } from '@sendero/contract';
import { useCurrentPerson } from '@/features/users/api/use-current-person';
import { isApiRequestError } from '@/lib/api-client';
import { setSession } from '@/lib/session';

export interface CurrentRole {
  session: Session | null;
  /** The role as the server sees it now; null without a session or when it cannot be confirmed. */
  role: Role | null;
  /** True while the server has not answered yet. */
  pending: boolean;
}

/**
 * The caller's role from the server's view, not from what localStorage says: a role changed by an
 * administrator (approval, block) or a tampered session must not unlock UI the server refuses.
 * Administrators are confirmed with GET /api/admin/{id}, everyone else with GET /api/user/{id}.
 * Only when the server cannot be reached at all does the stored role stand in (the server still
 * refuses whatever it must).
 */
export function useCurrentRole(): CurrentRole {
  const { session, isAdmin: isAdminSession, user, query } = useCurrentPerson();

  let role: Role | null = null;
  let pending = false;
  if (session) {
    if (query.isSuccess) role = isAdminSession ? 'admin' : user.data?.role ?? null;
    else if (query.isError) role = isApiRequestError(query.error) && query.error.status === 0 ? session.role : null;
    else pending = true;
  }

  const serverRole = !isAdminSession ? user.data?.role : undefined;
  useEffect(() => {
    // Keep the stored hint in step with the server (e.g. a user just approved as guide).
    if (session && serverRole && serverRole !== session.role) setSession({ ...session, role: serverRole });
  }, [session, serverRole]);

  return { session, role, pending };
}
