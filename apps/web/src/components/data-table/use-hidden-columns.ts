import { useCallback, useState } from 'react';

function readHidden(storageKey: string): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function writeHidden(storageKey: string, hidden: readonly string[]): void {
  try {
    if (hidden.length === 0) window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, JSON.stringify(hidden));
  } catch {
    // Storage unavailable (privacy mode, quota): the choice holds for this visit only.
  }
}

/**
 * The columns a person hid in a table, remembered in local storage under `storageKey` (a JSON list
 * of column keys; removed when every column shows), so the choice survives reloads and sign-outs on
 * that browser. Give each table its own key.
 */
export function useHiddenColumns(storageKey: string) {
  const [hidden, setHiddenState] = useState<string[]>(() => readHidden(storageKey));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      writeHidden(storageKey, next);
    },
    [storageKey],
  );
  return [hidden, setHidden] as const;
}
