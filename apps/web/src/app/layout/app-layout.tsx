import { lazy, Suspense, useDeferredValue, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { markHydrated } from '@/boot/hydration';
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

const MenuFrame = lazy<ComponentType<ComponentProps<MenuFrameModule['default']>>>(() => loadMenuFrame().catch(() => ({ default: MenuFrameUnavailable })));

/** The menu's frame once preloadMenuFrame() has it: rendered as it is, without a Suspense boundary. */
let loadedMenuFrame: MenuFrameModule['default'] | null = null;

/**
 * Loads the menu's frame before a screen is rendered on the server or hydrated in the browser (the
 * server's render and main.tsx await it), so that both render it in place: a lazy part would be a
 * Suspense boundary, which React hydrates in a later pass, after the frame's own requests (the person)
 * may have answered and changed what it renders from what the server rendered (src/boot/README.md).
 */
export function preloadMenuFrame(): Promise<void> {
  return loadMenuFrame().then(
    (m) => void (loadedMenuFrame = m.default),
    // Without the chunk (offline): the lazy frame and its fallback, as on any other start.
    () => undefined,
  );
}

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

/** The screen inside the menu's frame: one element, so the frame (memoized) is not re-rendered by a re-render of the layout alone. */
const SCREEN = (
  <>
    <OfflineBanner />
    <NavigationGuard />
    <Outlet />
  </>
);

/**
 * The frame of every screen. The side menu is hidden on the public screens and without a session
 * (docs/product.md#side-menu); each screen renders inside the single <main> landmark given here.
 */
export function AppLayout() {
  const { session, role: confirmedRole } = useCurrentRole();
  // The menu's items for the role the server confirms are rendered in a deferred render React can pause,
  // not in the task that receives the answer (with a destination's detail, ~220 ms of a 4x slower phone
  // right after the page hydrated: src/boot/README.md). The guards read the role as it is.
  const role = useDeferredValue(confirmedRole);
  // A screen the server rendered is hydrated once this, the root of every screen, commits (boot/hydration.ts).
  useEffect(markHydrated, []);
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
  const screen = SCREEN;
  if (loadedMenuFrame) {
    const Frame = loadedMenuFrame;
    return (
      <Frame session={session} role={role}>
        {screen}
      </Frame>
    );
  }
  return (
    <Suspense fallback={<main style={{ minHeight: '100vh' }} />}>
      <MenuFrame session={session} role={role}>
        {screen}
      </MenuFrame>
    </Suspense>
  );
}
