import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function UserAccessPage() {
  const t = useT();
  return (
    <PageLayout eyebrow={t('nav.admin')} title={t('page.userAccess.title')} lead={t('page.userAccess.lead')}>
      <PendingNotice>{t('page.userAccess.pending')}</PendingNotice>
    </PageLayout>
  );
}
