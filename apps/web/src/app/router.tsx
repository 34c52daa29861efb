import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './layouts/app-shell';
import { createPages, type Pages } from './pages';
import { RouteErrorPage } from './route-error-page';
import { RouteScreen } from './route-screen';
import { FALLBACK_PATH } from '../lib/routes';
import { ROUTE_TABLE } from './routes';

/** The route objects of the whole app; tests mount them in a memory router. */
export function buildRoutes(pages: Pages = createPages()): RouteObject[] {
  return [
    {
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      children: [
        ...ROUTE_TABLE.map((route): RouteObject => ({
          path: route.path,
          // Spec section 2: exact matches, so /outletstatus is not /outletStatus.
          caseSensitive: true,
          element: <RouteScreen route={route} Page={pages[route.id]} />,
        })),
        { path: '*', element: <Navigate to={FALLBACK_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
