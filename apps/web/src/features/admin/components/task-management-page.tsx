import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function TaskManagementPage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.taskManagement.title')}
      lead={t('page.taskManagement.lead')}
    >
      <PendingNotice>{t('page.taskManagement.pending')}</PendingNotice>
    </PageLayout>
  );
}
