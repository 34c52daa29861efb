import { TRACKING_REPORT_NAME } from '@fieldforce/contracts';
import { Link } from 'react-router';
import { useT, type Translate } from '../../lib/i18n';
import { reportPageUrl, type ReportCategory } from '../../lib/routes';
import { reportLink } from '../../features/reports/report-params';
import { reportNameKey } from '../../features/reports/report-names';
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

/**
 * The entry's name in the reader's language, as the reports landing page shows it; a name this web does
 * not know is shown as the server gave it.
 */
function entryName(entry: ReportListEntry | ReportMenuEntry, t: Translate): string {
  if ('report' in entry && entry.report) return t(reportNameKey(entry.report.key));
  if (entry.reportName === TRACKING_REPORT_NAME) return t('tracking.reportName');
  return entry.reportName;
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
            {entryName(entry, t)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
