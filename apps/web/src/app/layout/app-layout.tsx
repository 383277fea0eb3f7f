import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { MENU_HIDDEN_PATHS } from '@/config/paths';
import { useCurrentRole } from './use-current-role';

const MenuFrame = lazy(() => import('./menu-frame'));

/** Route `handle` flag for screens that never show the menu (the catch-all not-found). */
export interface RouteHandle {
  hideMenu?: boolean;
}

function useMenuVisible(hasSession: boolean): boolean {
  const { pathname } = useLocation();
  const matches = useMatches();
  if (!hasSession) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (MENU_HIDDEN_PATHS.includes(path)) return false;
  return !matches.some((m) => (m.handle as RouteHandle | undefined)?.hideMenu);
}

/**
 * The frame of every screen. The side menu is hidden on the public screens and without a session
 * (SPEC.md §2); each screen renders inside the single <main> landmark given here.
 */
export function AppLayout() {
  const { session, role } = useCurrentRole();
  const showMenu = useMenuVisible(Boolean(session));

  if (!showMenu || !session) {
    return (
      <main style={{ minHeight: '100vh' }}>
        <Outlet />
      </main>
    );
  }
  return (
    <Suspense fallback={<main style={{ minHeight: '100vh' }} />}>
      <MenuFrame session={session} role={role}>
        <Outlet />
      </MenuFrame>
    </Suspense>
  );
}
