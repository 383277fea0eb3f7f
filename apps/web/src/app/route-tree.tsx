import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout, type RouteHandle } from './layout/app-layout';
import { homeFor, RequireRole, RequireSession } from './layout/guards';
import { lazyScreen as screen } from './layout/lazy-screen';
import { PageLoader } from './layout/page-loader';
import { RouteError } from './layout/route-error';
import LandingScreen from './routes/landing';
import { onArrivalOnly, prefetchPlace, prefetchPlaceIndex } from './route-data';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // The error screens are in the first bundle: a network too weak for a chunk must still show them.
    errorElement: (
      <main style={{ minHeight: '100vh' }}>
        <RouteError />
      </main>
    ),
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // A screen that fails renders its error inside the layout, so the menu stays.
        errorElement: <RouteError />,
        children: [
      { path: paths.home, Component: LandingScreen },
      { path: paths.login, lazy: screen(() => import('./routes/login')) },
      { path: paths.register, lazy: screen(() => import('./routes/register')) },
      { path: paths.registerSuccess, lazy: screen(() => import('./routes/register-success')) },
      { path: paths.adminLogin, lazy: screen(() => import('./routes/admin-login')) },
      { path: paths.forgotPassword, lazy: screen(() => import('./routes/forgot-password')) },
      { path: paths.resetPassword, lazy: screen(() => import('./routes/reset-password')) },
      {
        element: <RequireSession />,
        children: [
          // The screen's data is asked for by the route's loader, alongside the screen's chunk, not once
          // the screen has rendered (app/route-data.ts); once, on arrival: the search's address changes
          // with every filter and the screen's queries keep their data fresh themselves.
          { path: paths.search, loader: prefetchPlaceIndex, shouldRevalidate: onArrivalOnly, lazy: screen(() => import('./routes/search')) },
          { path: paths.placeDetailPattern, loader: prefetchPlace, shouldRevalidate: onArrivalOnly, lazy: screen(() => import('./routes/place-detail')) },
          { path: paths.profile, lazy: screen(() => import('./routes/profile')) },
          { path: paths.saved, lazy: screen(() => import('./routes/saved')) },
          { path: paths.myOutings, lazy: screen(() => import('./routes/my-outings')) },
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
          { path: paths.adminTrailReports, lazy: screen(() => import('./routes/admin-trail-reports')) },
        ],
      },
      { path: paths.notFound, lazy: screen(() => import('./routes/not-found')) },
      { path: '*', handle: { hideMenu: true } satisfies RouteHandle, lazy: screen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
