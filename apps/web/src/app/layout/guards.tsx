import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@sendero/contract';
import { paths } from '@/config/paths';
import { withReturn } from '@/lib/return-path';
import { justLoggedOut, useSession } from '@/lib/session';
import { PageLoader } from './page-loader';
import { useCurrentRole } from './use-current-role';

/**
 * Without a session: /ingresar?volver={this page} (docs/product.md#routes-and-guards, #sharing), so the
 * login shows a shared destination and comes back to it; or / right after 'Cerrar Sesión'.
 */
function NoSessionRedirect() {
  const location = useLocation();
  if (justLoggedOut()) return <Navigate to={paths.home} replace />;
  return <Navigate to={withReturn(paths.login, `${location.pathname}${location.search}${location.hash}`)} replace />;
}

/** Guarded routes without a session go to /ingresar (docs/product.md#routes-and-guards). */
export function RequireSession() {
  const session = useSession();
  if (!session) return <NoSessionRedirect />;
  return <Outlet />;
}

/** Where a signed-in user who may not see a role-restricted screen is sent. */
export function homeFor(role: Role): string {
  return role === 'admin' ? paths.adminUsers : paths.search;
}

/**
 * Where a signed-in person goes from the login or the registration: back to `volver`, unless it is an
 * administration screen and they are not an admin (its guard would send them back), else their home.
 */
export function destinationFor(role: Role, volver: string | null): string {
  return volver && (role === 'admin' || !volver.startsWith('/admin/')) ? volver : homeFor(role);
}

/** The navigation state an admin route gives /ingresar when a signed-in non-admin opens it. */
export interface AdminOnlyState {
  adminOnly: true;
}

export function isAdminOnly(state: unknown): state is AdminOnlyState {
  return typeof state === 'object' && state !== null && (state as Partial<AdminOnlyState>).adminOnly === true;
}

interface RequireRoleProps {
  allow: readonly Role[];
  /**
   * Where a signed-in caller with another role goes. Default /ingresar, as docs/product.md#routes-and-guards says for admin
   * routes; a function receives the caller's role.
   */
  otherwise?: string | ((role: Role) => string);
}

/**
 * Routes for some roles only, decided by the role the server confirms (useCurrentRole). Sent to
 * /ingresar, a signed-in person is told why (administrators only) instead of meeting a bare form.
 */
export function RequireRole({ allow, otherwise = paths.login }: RequireRoleProps) {
  const { session, role, pending } = useCurrentRole();
  if (!session) return <NoSessionRedirect />;
  if (pending) return <PageLoader />;
  if (role && allow.includes(role)) return <Outlet />;
  const target = role && typeof otherwise === 'function' ? otherwise(role) : typeof otherwise === 'string' ? otherwise : paths.login;
  return <Navigate to={target} replace state={target === paths.login ? ({ adminOnly: true } satisfies AdminOnlyState) : undefined} />;
}
