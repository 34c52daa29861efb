import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function DisciplinaryTeamLevelsPage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.ucube')}
      title={t('page.disciplinaryTeamLevels.title')}
      lead={t('page.disciplinaryTeamLevels.lead')}
    >
      <PendingNotice>{t('page.ucube.pending')}</PendingNotice>
    </PageLayout>
  );
}
