import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout, type RouteHandle } from './layout/app-layout';
import { homeFor, RequireRole, RequireSession } from './layout/guards';
import { PageLoader } from './layout/page-loader';
import LandingScreen from './routes/landing';

/** Every screen is its own chunk (the landing budget is 170 KB gzip of JS). */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

// Rendered only when a screen fails: not part of the first download.
const RouteError = lazy(() => import('./layout/route-error').then((m) => ({ default: m.RouteError })));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    ),
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: paths.home, Component: LandingScreen },
      { path: paths.login, lazy: screen(() => import('./routes/login')) },
      { path: paths.register, lazy: screen(() => import('./routes/register')) },
      { path: paths.registerSuccess, lazy: screen(() => import('./routes/register-success')) },
      { path: paths.adminLogin, lazy: screen(() => import('./routes/admin-login')) },
      {
        element: <RequireSession />,
        children: [
          { path: paths.search, lazy: screen(() => import('./routes/search')) },
          { path: paths.placeDetailPattern, lazy: screen(() => import('./routes/place-detail')) },
          { path: paths.profile, lazy: screen(() => import('./routes/profile')) },
          { path: paths.createPlace, lazy: screen(() => import('./routes/create-place')) },
          {
            element: <RequireRole allow={['user']} otherwise={homeFor} />,
            children: [{ path: paths.guide, lazy: screen(() => import('./routes/guide')) }],
          },
        ],
      },
      {
        element: <RequireRole allow={['admin']} />,
        children: [
          { path: paths.adminUsers, lazy: screen(() => import('./routes/admin-users')) },
          { path: paths.adminUserPattern, lazy: screen(() => import('./routes/admin-user')) },
          { path: paths.adminPlaces, lazy: screen(() => import('./routes/admin-places')) },
          { path: paths.adminPlacePattern, lazy: screen(() => import('./routes/admin-place')) },
        ],
      },
      { path: paths.notFound, lazy: screen(() => import('./routes/not-found')) },
      { path: '*', handle: { hideMenu: true } satisfies RouteHandle, lazy: screen(() => import('./routes/not-found')) },
    ],
  },
];
