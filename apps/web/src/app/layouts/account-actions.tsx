import { Link } from 'react-router';
import { LogoutIcon } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { useClientStore } from '../../lib/store';
import { ROUTES } from '../../lib/routes';
import { useSignOut } from '../../features/auth/use-sign-out';

export function Greeting() {
  const t = useT();
  const name = useClientStore((s) => s.userDetails?.name);
  return (
    <span className="greeting">{name ? t('header.greeting', { name }) : t('header.greetingAnonymous')}</span>
  );
}

/** Logout when signed in; a way to sign in otherwise. */
export function SessionButton({ variant = 'inline' }: { variant?: 'inline' | 'block' }) {
  const t = useT();
  const signedIn = useClientStore((s) => s.userDetails !== null);
  const signOut = useSignOut();
  const className =
    variant === 'block' ? 'button button--ghost button--block' : 'button button--ghost button--small';
  if (!signedIn) {
    return (
      <Link className={className} to={ROUTES.login}>
        {t('header.signIn')}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => void signOut()}>
      <LogoutIcon />
      <span>{t('header.logout')}</span>
    </button>
  );
}
