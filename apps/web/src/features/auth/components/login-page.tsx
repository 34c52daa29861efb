import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const t = useT();
  return (
    <AuthCard title={t('page.login.title')}>
      <p className="auth__lead">{t('page.login.lead')}</p>
      <PendingNotice>{t('page.login.pending')}</PendingNotice>
      <div className="auth__links">
        <Link to={ROUTES.forgotPassword}>{t('page.login.forgotLink')}</Link>
        <span>
          {t('page.login.noAccount')} <Link to={ROUTES.signup}>{t('page.login.signupLink')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
