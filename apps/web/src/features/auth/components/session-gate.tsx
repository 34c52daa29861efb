import { LOGIN_MESSAGES, levelForRole } from '@fieldforce/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../lib/routes';
import { FormMessage } from '../../../components/form-field';
import { Toast } from '../../../components/toast';
import { endLocalSession, INVALID_ID_TOKEN, isApiError, SESSION_ENDED } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { translateServerMessage } from '../../../lib/server-messages';
import { storage } from '../../../lib/storage';
import { useClientStore } from '../../../lib/store';
import { useActiveStatus } from '../api/check-active-status';
import { profileQuery } from '../api/get-profile';
import { adoptCookieSession } from '../sign-in';
import { ChangePasswordDialog } from './change-password-dialog';

const HANDLED_BY_CLIENT: ReadonlySet<string> = new Set([INVALID_ID_TOKEN, SESSION_ENDED]);

/** Screens a visitor without a session may open (spec section 4 names /signup; the other two are the way in). */
const OPEN_PATHS: ReadonlySet<string> = new Set([ROUTES.login, ROUTES.signup, ROUTES.forgotPassword]);

/**
 * Session startup (spec section 4): no id token, to /login; with one, the active-session check and the
 * profile on load and on every country change (a loading indicator meanwhile), then the store.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [, adopted] = useState(0);
  const onAdopted = useCallback(() => adopted((n) => n + 1), []);
  const token = storage.getIdToken();
  if (OPEN_PATHS.has(pathname)) return children;
  if (!token) return <Navigate to={ROUTES.login} replace />;
  if (!storage.getEmail()) return <AdoptCookieSession token={token} onDone={onAdopted} />;
  return <SignedInSession>{children}</SignedInSession>;
}

/** Back from SSO: only the cookies are set; take the session over, then start as usual. */
function AdoptCookieSession({ token, onDone }: { token: string; onDone: () => void }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    const params = new URLSearchParams(search);
    const market = params.get('countryCode');
    void adoptCookieSession(token, market).then((adopted) => {
      if (market !== null) {
        // The market is in the store now; the address bar keeps the page, not the hand-over.
        params.delete('countryCode');
        const rest = params.toString();
        void navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
      }
      if (!adopted) endLocalSession(null);
      else if (live) onDone();
    });
    return () => {
      live = false;
    };
    // Once per token: the search is read when the hand-over arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, onDone]);
  return <SessionLoading />;
}

/** The session's own loading line (over the whole screen until the first profile arrives). */
function SessionLoading() {
  const t = useT();
  return (
    <div className="session-loading" role="status" aria-live="polite">
      {t('session.loading')}
    </div>
  );
}

/** The profile or session check failed: say so and offer a retry. */
function ProfileError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="session-banner">
      <FormMessage kind="error">{t('session.profileError')}</FormMessage>
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

function SignedInSession({ children }: { children: ReactNode }) {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const setUserDetails = useClientStore((s) => s.setUserDetails);
  const setLevel = useClientStore((s) => s.setLevel);
  const email = storage.getEmail();
  const hasUser = useClientStore((s) => s.userDetails !== null);
  const [evicted, setEvicted] = useState(() => storage.getEvictedNotice());
  // Spec section 9: the device-cap notice is a toast that closes by itself after 5 s.
  const closeEvicted = useCallback(() => {
    storage.setEvictedNotice(false);
    setEvicted(false);
  }, []);

  const status = useActiveStatus(country, true);
  const allowed = status.data?.sessionAllowed === true;
  const profile = useQuery({
    ...profileQuery(email ?? '', country),
    enabled: allowed && Boolean(email),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (status.data && !status.data.sessionAllowed) {
      endLocalSession(status.data.message ?? LOGIN_MESSAGES.sessionEnded);
    }
  }, [status.data]);

  useEffect(() => {
    const failure = status.error ?? profile.error;
    // 401s the client's own rules did not already handle (a token the server does not take at all):
    // start again at /login. INVALID_ID_TOKEN is being refreshed and SESSION_ENDED has gone to /login.
    if (isApiError(failure) && failure.status === 401 && !HANDLED_BY_CLIENT.has(failure.code)) {
      endLocalSession(null);
    }
  }, [status.error, profile.error]);

  useEffect(() => {
    if (!profile.data || profile.isPlaceholderData) return;
    setUserDetails(profile.data);
    setLevel(levelForRole(profile.data.role, country));
  }, [profile.data, profile.isPlaceholderData, country, setUserDetails, setLevel]);

  if (status.data?.passwordExpired) return <ChangePasswordDialog />;

  const loading = status.isPending || (allowed && (profile.isPending || profile.isPlaceholderData));
  const failed = (status.isError || profile.isError) && !loading;
  const warning = status.data?.passwordExpiresInDays ?? null;
  const retry = () => {
    void status.refetch();
    void profile.refetch();
  };

  // The route guards read the store: nothing renders before the first profile has filled it.
  if (!hasUser) {
    return failed ? <ProfileError onRetry={retry} /> : <SessionLoading />;
  }

  return (
    <>
      {loading ? <SessionLoading /> : null}
      {failed ? <ProfileError onRetry={retry} /> : null}
      <Toast message={evicted ? t('page.login.deviceCap') : null} onDone={closeEvicted} />
      {warning !== null && status.data?.message ? (
        <div className="session-banner">
          <FormMessage kind="info">{translateServerMessage(status.data.message, t)}</FormMessage>
        </div>
      ) : null}
      {status.data && !allowed ? null : children}
    </>
  );
}
