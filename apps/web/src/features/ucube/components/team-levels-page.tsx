import { useT } from '../../../lib/i18n';
import { usePerformanceKpis } from '../api/individual-performance-kpis';
import { KpiViewPage } from './kpi-view';

/** /teamlevels: Team View, team details. */
export function TeamLevelsPage() {
  const t = useT();
  return (
    <KpiViewPage
      view="performance"
      title={t('page.teamLevels.title')}
      lead={t('page.teamLevels.lead')}
      useKpis={usePerformanceKpis}
    />
  );
}
