import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { reportPageUrl, type ReportCategory } from '../routes';

/** One entry of the operational reports list (spec section 3). */
export interface ReportListEntry {
  reportName: string;
  reportCategory: ReportCategory;
}

/**
 * The header's report lists. The reports issue loads them from the operational reports list call;
 * until then both are empty and the menus say so.
 */
export const NO_REPORTS: readonly ReportListEntry[] = [];

export function ReportLinks({
  reports,
  category,
  linkClassName,
}: {
  reports: readonly ReportListEntry[];
  category: ReportCategory;
  linkClassName: string;
}) {
  const t = useT();
  const entries = reports.filter((r) => r.reportCategory === category);
  if (entries.length === 0) return <p className="menu-empty">{t('header.noReports')}</p>;
  return (
    <ul className="menu-list">
      {entries.map((entry) => (
        <li key={entry.reportName}>
          <Link className={linkClassName} to={reportPageUrl(entry.reportName, category)}>
            {entry.reportName}
          </Link>
        </li>
      ))}
    </ul>
  );
}
