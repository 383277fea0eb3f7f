import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { routes } from './route-tree';

const router = createBrowserRouter(routes);

export function AppRouter() {
  useEffect(() => {
    // A 401 clears the session (api-client); then go log in without reloading the page.
    setUnauthorizedHandler(() => {
      if (router.state.location.pathname !== paths.login) void router.navigate(paths.login, { replace: true });
    });
  }, []);
  return <RouterProvider router={router} />;
}
