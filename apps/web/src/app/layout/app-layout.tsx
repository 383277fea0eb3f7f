import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { MENU_HIDDEN_PATHS } from '@/config/paths';
import { onReconnect } from '@/lib/online-status';
import { importWithRetry } from './chunk-loading';
import type MenuFrameType from './menu-frame';
import { NavigationGuard } from './navigation-guard';
import { useCurrentRole } from './use-current-role';

type MenuFrameModule = { default: typeof MenuFrameType };
const loadMenuFrame = () => importWithRetry<MenuFrameModule>(() => import('./menu-frame'));

/**
 * Without the menu's chunk (no signal), the screen still shows, without the menu; the menu comes
 * back as soon as the device is online again.
 */
function MenuFrameUnavailable({ children, ...props }: ComponentProps<MenuFrameModule['default']>) {
  const [Frame, setFrame] = useState<ComponentType<ComponentProps<MenuFrameModule['default']>> | null>(null);
  useEffect(
    () =>
      onReconnect(() => {
        loadMenuFrame().then(
          (m) => setFrame(() => m.default),
          () => {},
        );
      }),
    [],
  );
  if (Frame) return <Frame {...props}>{children}</Frame>;
  return <main style={{ minHeight: '100vh' }}>{children}</main>;
}

const MenuFrame = lazy(() => loadMenuFrame().catch(() => ({ default: MenuFrameUnavailable })));

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
 * (docs/product.md#side-menu); each screen renders inside the single <main> landmark given here.
 */
export function AppLayout() {
  const { session, role } = useCurrentRole();
  const showMenu = useMenuVisible(Boolean(session));

  if (!showMenu || !session) {
    return (
      <main style={{ minHeight: '100vh' }}>
        <OfflineBanner />
        <NavigationGuard />
        <Outlet />
      </main>
    );
  }
  return (
    <Suspense fallback={<main style={{ minHeight: '100vh' }} />}>
      <MenuFrame session={session} role={role}>
        <OfflineBanner />
        <NavigationGuard />
        <Outlet />
      </MenuFrame>
    </Suspense>
  );
}
