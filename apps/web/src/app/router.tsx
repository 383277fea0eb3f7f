import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { trackLeavingScreen } from '@/lib/leaving-screen';
import { withReturn } from '@/lib/return-path';
import { routes } from './route-tree';

type Router = ReturnType<typeof createBrowserRouter>;
let appRouter: Router | null = null;

/**
 * The app's router, made on first use rather than when this module is evaluated: matching the routes
 * and starting the first screen's chunk is a task of its own after the first bundle's evaluation
 * (main.tsx), not part of that long task.
 */
function getRouter(): Router {
  if (appRouter) return appRouter;
  const router = (appRouter = createBrowserRouter(routes));
  trackLeavingScreen(router);
  return router;
}

/**
 * Resolves once the router holds the first screen's code (a lazy screen's chunk has loaded), so the
 * app's first render is that screen and not a loader that would replace the page's static first paint
 * (apps/web/index.html) for a moment, and so that a page prerendered at build time hydrates (src/boot/README.md).
 */
export function whenRouterReady(): Promise<void> {
  const router = getRouter();
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function AppRouter() {
  const router = getRouter();
  useEffect(() => {
    // A 401 clears the session (api-client); then go log in without reloading the page.
    setUnauthorizedHandler(() => {
      const { pathname, search, hash } = router.state.location;
      if (pathname !== paths.login) void router.navigate(withReturn(paths.login, `${pathname}${search}${hash}`), { replace: true });
    });
  }, [router]);
  return <RouterProvider router={router} />;
}
