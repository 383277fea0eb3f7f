import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { withReturn } from '@/lib/return-path';
import { routes } from './route-tree';

const router = createBrowserRouter(routes);

export function AppRouter() {
  useEffect(() => {
    // A 401 clears the session (api-client); then go log in without reloading the page.
    setUnauthorizedHandler(() => {
      const { pathname, search, hash } = router.state.location;
      if (pathname !== paths.login) void router.navigate(withReturn(paths.login, `${pathname}${search}${hash}`), { replace: true });
    });
  }, []);
  return <RouterProvider router={router} />;
}
