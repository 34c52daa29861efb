import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import type { Language } from '../lib/i18n';

/**
 * Renders `routes` at `path` inside the app's providers; `beforeRender` sees the router first (to let
 * the api client navigate with it). Returns the router, whose location the tests read.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  {
    language = 'en',
    beforeRender,
  }: { language?: Language; beforeRender?: (router: TestRouter) => void } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  beforeRender?.(router);
  render(
    <AppProviders language={language}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export type TestRouter = ReturnType<typeof createMemoryRouter>;
