import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const t = useT();
  return (
    <AuthCard title={t('page.forgotPassword.title')}>
      <p className="auth__lead">{t('page.forgotPassword.lead')}</p>
      <PendingNotice>{t('page.forgotPassword.pending')}</PendingNotice>
      <div className="auth__links">
        <Link to={ROUTES.login}>{t('auth.backToSignIn')}</Link>
      </div>
    </AuthCard>
  );
}
