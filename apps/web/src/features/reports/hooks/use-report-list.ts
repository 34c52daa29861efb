import { TRACKING_REPORT_NAME, type ReportCategory, type ReportDefinition } from '@fieldforce/contracts';
import type { MessageKey } from '../../../lib/i18n';
import { useMarketFlags } from '../../../lib/market-flags';
import { useClientStore } from '../../../lib/store';
import { useOperationalReportsList } from '../api/get-operational-reports-list';
import { reportForEntry, reportNameKey } from '../report-params';

export interface ReportMenuEntry {
  reportName: string;
  reportCategory: ReportCategory;
  /** The catalogue report behind the entry; absent for a name this web does not know yet. */
  report?: ReportDefinition;
  /** The name's message (the reader's language); absent for a name this web does not know yet. */
  nameKey?: MessageKey;
}

/**
 * The reports this user may open (the server filters Master Reports by DT access), fetched once per
 * market for users with operational-report access.
 */
export function useReportList() {
  const country = useClientStore((s) => s.selectedCountryCode);
  const enabled = useClientStore((s) => s.opsReportAccess && s.userDetails !== null);
  const query = useOperationalReportsList(country, enabled);
  const { flags } = useMarketFlags(country);
  const entries: ReportMenuEntry[] = (query.data?.operationalReportsList ?? []).map((entry) => {
    const report = reportForEntry(entry);
    return { ...entry, report, nameKey: report ? reportNameKey(report.key) : undefined };
  });
  // Salesman Tracking is an operational report with its own screen, in markets whose SMTracking flag is
  // on as the server holds it (Admin configuration; the server refuses its calls elsewhere too).
  if (query.data && flags.SMTracking)
    entries.push({
      reportName: TRACKING_REPORT_NAME,
      reportCategory: 'transactionalreports',
      nameKey: 'tracking.reportName',
    });
  return { entries, isPending: enabled && query.isPending, isError: query.isError };
}
