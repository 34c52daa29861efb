/** Types of xlsx-worker.mjs (the workbook reader that runs in a worker thread). */
import type { CellObject } from '@e965/xlsx';

/** What the worker posts back: batches of rows, then done; or why SheetJS refused the bytes. */
export type XlsxWorkerMessage = { batch: string[][] } | { done: true } | { unreadable: string };

/** What the worker is started with (`workerData`). */
export interface XlsxWorkerData {
  kind: 'fieldforce-xlsx-read';
}

/** One read asked of the worker (a message): the workbook's bytes and the rows per batch. */
export interface XlsxWorkerRequest {
  bytes: Uint8Array;
  batch: number;
}

export function cellText(cell: CellObject | undefined): string;
export class UnreadableWorkbook extends Error {}
export function sheetRecords(bytes: Uint8Array): string[][];
