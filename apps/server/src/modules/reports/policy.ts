/** Who may read which report (spec section 6; the market is checked by plugins/auth.ts). */
import type { ReportDefinition } from '@fieldforce/contracts';
import { hasMasterReports, hasReports, type AuthUser } from '../../lib/policy.js';

/**
 * Transactional reports: anyone with operational-report access (their DT scope then limits the rows).
 * Master reports: only users who see every distributor.
 */
export function canReadReport(user: AuthUser, report: ReportDefinition): boolean {
  return report.reportCategory === 'masterreports' ? hasMasterReports(user) : hasReports(user);
}
