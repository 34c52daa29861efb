import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useClientStore } from '../lib/store';
import { ROUTES } from './routes';

/**
 * The client side of logout: forget the user, the cached server data and the session markers,
 * then go to /login. The sign-in issue adds the logout call before this.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useClientStore((s) => s.signOut);
  return useCallback(() => {
    signOut();
    queryClient.clear();
    void navigate(ROUTES.login, { replace: true });
  }, [navigate, queryClient, signOut]);
}
