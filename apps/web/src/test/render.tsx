import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { trackLeavingScreen } from '@/lib/leaving-screen';
import { createQueryClient, queryClient as appQueryClient } from '@/lib/query-client';

/** Renders a screen or component inside the app providers and a memory router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', extraRoutes = [] as RouteObject[] } = {}) {
  const routes: RouteObject[] = [{ path, element: ui }, ...extraRoutes];
  return renderRoutes(routes, route);
}

/** Renders a route tree (e.g. the app's own `routes`) at `route`. */
export function renderRoutes(routes: RouteObject[], route = '/') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  // As app/router.tsx does: the search screen's delayed address write checks it (lib/leaving-screen.ts).
  trackLeavingScreen(router);
  // When the test ends, its router and queries end with it: a navigation still under way (a lazy screen,
  // a loader's fetch) would otherwise call the next test's stubbed fetch and count in its calls.
  // So do the app's own query client's calls (the route loaders prefetch into it, app/route-data.ts):
  // a retry of a failed prefetch a second later would reach the next test, in this file or the next.
  onTestFinished(() => {
    router.dispose();
    for (const client of [queryClient, appQueryClient]) {
      void client.cancelQueries();
      client.clear();
    }
  });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
