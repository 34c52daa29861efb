import { useT } from '../../../lib/i18n';
import { useDisciplinaryKpis } from '../api/individual-disciplinary-kpis';
import { KpiViewPage } from './kpi-view';

/** /disciplinaryteamlevels: KPI View, disciplinary KPI details. */
export function DisciplinaryTeamLevelsPage() {
  const t = useT();
  return (
    <KpiViewPage
      view="disciplinary"
      title={t('page.disciplinaryTeamLevels.title')}
      lead={t('page.disciplinaryTeamLevels.lead')}
      useKpis={useDisciplinaryKpis}
    />
  );
}
