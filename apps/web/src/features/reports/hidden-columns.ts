import { useCallback, useState } from 'react';

/** Local storage key of a report's hidden columns (a JSON array of column keys), one per report. */
export const hiddenColumnsKey = (reportKey: string) => `reportColumns.${reportKey}.hidden`;

export function readHiddenColumns(reportKey: string): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(hiddenColumnsKey(reportKey)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function writeHiddenColumns(reportKey: string, hidden: readonly string[]): void {
  try {
    if (hidden.length === 0) window.localStorage.removeItem(hiddenColumnsKey(reportKey));
    else window.localStorage.setItem(hiddenColumnsKey(reportKey), JSON.stringify(hidden));
  } catch {
    // Storage unavailable (privacy mode, quota): the choice holds for this visit only.
  }
}

/** The columns a person hid in a report, remembered per report in local storage. */
export function useHiddenColumns(reportKey: string) {
  const [hidden, setHiddenState] = useState<string[]>(() => readHiddenColumns(reportKey));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      writeHiddenColumns(reportKey, next);
    },
    [reportKey],
  );
  return [hidden, setHidden] as const;
}
