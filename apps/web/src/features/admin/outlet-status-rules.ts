import { parseCodeList } from '../../components/form-field';
import { SEARCH_LIST_MAX, type ChangedOutletStatus, type OutletStatusRow } from '@fieldforce/contracts';

/** The outlet codes typed in the search (the shared code-list rule of components/form-field). */
export const parseOutletCodes = parseCodeList;

export function outletCodesTooMany(codes: readonly string[]): boolean {
  return codes.length > SEARCH_LIST_MAX;
}

/** The status shown for a row: the pending change if there is one, else the saved status. */
export function shownStatus(row: OutletStatusRow, changes: readonly ChangedOutletStatus[]): 0 | 1 {
  return changes.find((c) => c.outletCode === row.outletCode)?.status ?? row.status;
}

/**
 * Toggling a row: a row already in the changed-status list goes back to its saved status (removed
 * from the list by outletCode); otherwise its flipped status is added.
 */
export function toggleChange(
  row: OutletStatusRow,
  changes: readonly ChangedOutletStatus[],
): { remove: string } | { add: ChangedOutletStatus } {
  if (changes.some((c) => c.outletCode === row.outletCode)) return { remove: row.outletCode };
  return {
    add: {
      outletCode: row.outletCode,
      dtCode: row.dtCode,
      dtSiteCode: row.dtSiteCode,
      status: row.status === 1 ? 0 : 1,
    },
  };
}

/**
 * A site's name in a row that also shows its distributor: the demo's and most markets' site names repeat
 * the distributor's ('PT Sukses Makmur - Cengkareng'), so the distributor's name and its ' - ' are left
 * off ('Cengkareng (IDDT001S01)'); any other name is shown whole.
 */
export function siteLabel(row: { dtName: string; dtSiteName: string; dtSiteCode: string }): string {
  const prefix = `${row.dtName} - `;
  const name =
    row.dtSiteName.startsWith(prefix) && row.dtSiteName.length > prefix.length
      ? row.dtSiteName.slice(prefix.length)
      : row.dtSiteName;
  return `${name} (${row.dtSiteCode})`;
}
