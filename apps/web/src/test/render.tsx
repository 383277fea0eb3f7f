import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { trackLeavingScreen } from '@/lib/leaving-screen';
import { createQueryClient } from '@/lib/query-client';

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
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
