import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { reportPageUrl, type ReportCategory } from '../../lib/routes';
import { reportLink } from '../../features/reports/report-params';
import type { ReportMenuEntry } from '../../features/reports/hooks/use-report-list';

/** One entry of the operational reports list (spec section 3). */
export interface ReportListEntry {
  reportName: string;
  reportCategory: ReportCategory;
}

/** No reports: what the menus hold for a user without operational-report access. */
export const NO_REPORTS: readonly ReportListEntry[] = [];

/** The report page of an entry: with the catalogue key when the web knows the report, name and category always. */
function entryUrl(entry: ReportListEntry | ReportMenuEntry): string {
  return 'report' in entry && entry.report
    ? reportLink(entry.report)
    : reportPageUrl(entry.reportName, entry.reportCategory);
}

export function ReportLinks({
  reports,
  category,
  linkClassName,
  loading = false,
}: {
  reports: readonly (ReportListEntry | ReportMenuEntry)[];
  category: ReportCategory;
  linkClassName: string;
  loading?: boolean;
}) {
  const t = useT();
  const entries = reports.filter((r) => r.reportCategory === category);
  if (entries.length === 0)
    return <p className="menu-empty">{loading ? t('reports.listLoading') : t('header.noReports')}</p>;
  return (
    <ul className="menu-list">
      {entries.map((entry) => (
        <li key={entry.reportName}>
          <Link className={linkClassName} to={entryUrl(entry)}>
            {/* In the reader's language, as the landing page names it; an unknown name as the server gave it. */}
            {'nameKey' in entry && entry.nameKey ? t(entry.nameKey) : entry.reportName}
          </Link>
        </li>
      ))}
    </ul>
  );
}
