import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { storage } from '../../lib/storage';
import { useClientStore } from '../../lib/store';
import { logout } from './api/logout';
import { flushUsage, track } from '../../lib/usage';

/**
 * Logout (spec section 4): the logout call, then the tokens and country flags go and the user lands
 * on /login. A failed call is only logged (spec section 8) and the device is signed out locally anyway.
 * For an SSO session the server answers the identity provider's sign-out address, visited last.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useClientStore((s) => s.signOut);
  return useCallback(async () => {
    const email = storage.getEmail() ?? useClientStore.getState().userDetails?.email ?? null;
    let endSessionUrl: string | null = null;
    if (email && storage.getIdToken()) {
      // The logout event and anything still queued go while the session is still valid.
      track('logout');
      await flushUsage();
      try {
        endSessionUrl = (await logout(email)).endSessionUrl;
      } catch (error) {
        console.warn('logout failed', error);
      }
    }
    signOut();
    queryClient.clear();
    if (endSessionUrl) window.location.assign(endSessionUrl);
    else void navigate(ROUTES.login, { replace: true });
  }, [navigate, queryClient, signOut]);
}
