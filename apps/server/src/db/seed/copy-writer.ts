/**
 * Buffers generated rows as CSV text and loads them with COPY in chunks, so memory stays flat
 * whatever the scale. Tables are flushed together, parents first, so a child row never reaches the
 * database before the row its foreign key points at.
 */
import type { Database } from '../client.js';

export type Cell = string | number | boolean | null | undefined;

/** One CSV field: NULL is an empty unquoted field, an empty string is "". */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (value === '') return '""';
  if (/[",\n\r]/.test(value)) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

export function csvRow(cells: readonly Cell[]): string {
  let out = csvCell(cells[0]);
  for (let i = 1; i < cells.length; i++) out += ',' + csvCell(cells[i]);
  return out;
}

/** Integer cents as a numeric literal: 123456 -> '1234.56'. */
export function cents(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.round(value));
  const frac = abs % 100;
  return `${sign}${Math.floor(abs / 100)}.${frac < 10 ? '0' : ''}${frac}`;
}

export class TableBuffer {
  // Rows are encoded straight into a reusable UTF-8 buffer: the short-lived line strings die young,
  // and each COPY gets one flat string. Arrays or ropes of lines cost seconds of garbage collection.
  private buf = Buffer.allocUnsafe(1 << 16);
  private bytes = 0;
  private rows = 0;
  total = 0;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}

  get pending(): number {
    return this.rows;
  }

  add(cells: readonly Cell[]): void {
    this.addLine(csvRow(cells));
  }

  /** A row already in CSV form; the caller guarantees nothing in it needs quoting. */
  addLine(line: string): void {
    const worst = line.length * 3 + 1;
    if (this.bytes + worst > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.bytes + worst));
      this.buf.copy(bigger, 0, 0, this.bytes);
      this.buf = bigger;
    }
    this.bytes += this.buf.write(line, this.bytes);
    this.buf[this.bytes++] = 10;
    this.rows++;
  }

  async flush(db: Database): Promise<void> {
    if (this.rows === 0) return;
    const csv = this.buf.toString('utf8', 0, this.bytes);
    const rows = this.rows;
    this.bytes = 0;
    this.rows = 0;
    const copied = await db.copyCsv(this.table, this.columns, csv);
    if (copied !== rows) throw new Error(`COPY into ${this.table} loaded ${copied} of ${rows} rows`);
    this.total += rows;
  }
}

/** A set of tables flushed together, in the order they were added (parents first). */
export class CopyBatch {
  private readonly tables: TableBuffer[] = [];

  constructor(
    private readonly db: Database,
    private readonly chunkRows: number,
  ) {}

  table(table: string, columns: readonly string[]): TableBuffer {
    const buffer = new TableBuffer(table, columns);
    this.tables.push(buffer);
    return buffer;
  }

  /** Flushes every table when any of them holds a full chunk. */
  async maybeFlush(): Promise<void> {
    if (this.tables.some((t) => t.pending >= this.chunkRows)) await this.flush();
  }

  async flush(): Promise<void> {
    for (const t of this.tables) await t.flush(this.db);
  }

  counts(): Record<string, number> {
    return Object.fromEntries(this.tables.map((t) => [t.table, t.total]));
  }
}
