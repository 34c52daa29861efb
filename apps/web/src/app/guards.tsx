import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useClientStore, type ClientState } from '../lib/store';
import { ROUTES } from '../lib/routes';
import type { RouteAccess } from './routes';

type AccessState = Pick<ClientState, 'userDetails' | 'adminAccess' | 'ucubeAccess' | 'opsReportAccess'>;

/**
 * Where a visitor without the route's access goes: the landing screen when signed in, else /login.
 * Null means the route may render.
 */
export function accessRedirect(access: RouteAccess, state: AccessState): string | null {
  if (access === 'public' || state[access]) return null;
  return state.userDetails ? ROUTES.landing : ROUTES.login;
}

export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const redirect = useClientStore((state) => accessRedirect(access, state));
  if (redirect) return <Navigate to={redirect} replace />;
  return children;
}
