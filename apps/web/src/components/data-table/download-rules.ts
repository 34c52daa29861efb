import { EXPORT_LIMIT_MESSAGES } from '@fieldforce/contracts';
import { isApiError } from '../../lib/api-client';

/**
 * Why a download failed, for its message: the server refused it because this user already runs the
 * most downloads at once, or because the server runs the most overall (429, issue 9), or it broke.
 */
export type DownloadFailure = 'userLimit' | 'serverLimit' | 'interrupted';

export function downloadFailure(error: unknown): DownloadFailure {
  if (!isApiError(error) || error.status !== 429) return 'interrupted';
  return error.shortDescription === EXPORT_LIMIT_MESSAGES.perUser ? 'userLimit' : 'serverLimit';
}

/** Whether an export needs the cap warning first (spec sections 8 and 9). */
export function needsCapWarning(total: number, downloadCap: number): boolean {
  return total > downloadCap;
}

const LF = 0x0a;

/** Line feeds in a chunk: a CSV's rows so far (a quoted multi-line cell only inflates the estimate). */
export function countLineFeeds(chunk: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === LF) count += 1;
  return count;
}

/** Rows written so far, from the line feeds seen: the header line is not a row. */
export function estimateCsvRows(lineFeeds: number, cap: number): number {
  return Math.min(cap, Math.max(0, lineFeeds - 1));
}
