/**
 * A declared table (issue 11): what a list reads (its rows, columns with headers in both languages,
 * filters with their character rules, sorts, row key) and where its market and DT scope columns are.
 * listPage, countRows, totals and the CSV/XLSX exports all come from the declaration (sql.ts,
 * export.ts), so a list, its count and its file always see the same rows.
 *
 * Every SQL fragment in a declaration is trusted text written in the code, never user input.
 * A table must name both scope columns: `defineTable` refuses one without them, so no list can forget
 * to limit its rows to the caller's market and DT codes.
 */
import { sanitizeSearchInput, SEARCH_LIST_MAX, type TableColumn } from '@fieldforce/contracts';

export type Lang = 'en' | 'vi';
export type Header = Readonly<Record<Lang, string>>;
export type ColumnType = TableColumn['type'];

export interface ColumnSpec<K extends string = string> {
  key: K;
  header: Header;
  type: ColumnType;
  /** The value's SQL expression. */
  sql: string;
  /** Sortable columns are never null, so keyset paging can compare them. */
  sortable?: boolean;
  /** Price and amount columns: the header gets the market's currency symbol. */
  currency?: boolean;
  /**
   * Quantities and amounts that add up: the totals row sums them over the whole filtered result.
   * Not prices, coordinates or sequence numbers, whose sum means nothing.
   */
  summed?: boolean;
}

/**
 * A join that only adds columns to a row: it matches exactly one row (an inner join on a NOT NULL
 * foreign key to a primary key) or at most one (a LEFT JOIN on a primary key, a one-row LATERAL
 * aggregate), so it neither drops nor repeats rows. It reads only `from` (never another lookup).
 * The count skips it and a page joins it to its own rows only, unless a filter or the sort reads it
 * (recognised by `alias.` in their SQL).
 */
export interface TableLookup {
  alias: string;
  join: string;
}

/**
 * Which characters a search value may hold: `clean(raw)` removes the others (commas always stay, they
 * separate values); a value that `clean` changes is refused, the message saying `describe`.
 */
export interface CharacterRule {
  clean: (raw: string) => string;
  describe: Header;
}

/** The character rules of the spec's search inputs (the same functions the web cleans input with). */
export const CHARACTER_RULES = {
  /** Customer / outlet codes: digits (spaces around the commas allowed). */
  digits: {
    clean: (raw: string) => sanitizeSearchInput('customerCode', raw),
    describe: { en: 'digits', vi: 'chữ số' },
  },
  /** Codes (item, SKU, DT, site): letters and digits only. */
  code: {
    clean: (raw: string) => sanitizeSearchInput('code', raw),
    describe: { en: 'letters and digits', vi: 'chữ cái và chữ số' },
  },
  /** Free text (a product name): anything. */
  any: { clean: (raw: string) => raw, describe: { en: 'any characters', vi: 'mọi ký tự' } },
  /** A day, YYYY-MM-DD (the day filters). */
  day: {
    clean: (raw: string) => raw.replace(/[^0-9-]/g, ''),
    describe: { en: 'a date written YYYY-MM-DD', vi: 'ngày dạng YYYY-MM-DD' },
  },
} as const satisfies Record<string, CharacterRule>;

/**
 * Where a row's market and DT codes are. By default each is one value (`market = $1`, the DT code in
 * the caller's codes). A row holding several (a user's markets and DT access codes, as text[]
 * expressions) says so: `marketMatch: 'element'` keeps rows whose list holds the market, and
 * `dtMatch: 'within'` keeps, for a caller limited to some DT codes, rows whose DT codes are all among
 * the caller's (a row with none, or with 'All (Super Access)', reaches every distributor: never within).
 * `dtMatch: 'marketWide'` says the rows are the market's own definitions that belong to no distributor
 * (Merchandizing Sets): every caller of the market sees them, whatever their DT codes (`dt` then names
 * the NULL::text that stands for "no DT"); the rows under them that do have a DT are scoped by their
 * own queries.
 * `dtMatch: 'overlaps'` keeps, for a caller limited to some DT codes, rows whose DT codes (a text[])
 * include at least one of the caller's (Task Management: a task reaching several distributors is seen by
 * the admins of each; its rows under it are scoped by their own queries).
 */
export interface TableScope {
  market: string;
  dt: string;
  marketMatch?: 'equals' | 'element';
  dtMatch?: 'equals' | 'within' | 'marketWide' | 'overlaps';
}

export interface FilterSpec {
  /** The SQL expression a value is matched against. */
  column: string;
  /**
   * `equals`: one of the values; `contains`: a contains of any value, ignoring case and Vietnamese marks
   * on both sides (lib/tables/marks.ts); `overlaps`:
   * `column` is a text[] holding any of the values; `onOrAfter` / `onOrBefore`: `column` (a time) on
   * or after / before the day given (one YYYY-MM-DD value, a day of the market's calendar).
   */
  match: 'equals' | 'contains' | 'overlaps' | 'onOrAfter' | 'onOrBefore';
  label: Header;
  chars: CharacterRule;
  /** Values per search at most (default SEARCH_LIST_MAX, 10). */
  max?: number;
  /**
   * The filter offers a choice of the values its column holds among the caller's rows (the table's
   * filterOptions route answers them as `choices[param]`), instead of a value typed exactly. Only for
   * `equals` filters over a short list (a type, a category): at most FILTER_CHOICES_MAX values.
   */
  choices?: boolean;
}

export interface TableSpec<C extends string = string, F extends string = string> {
  /** A name for messages and logs (e.g. 'outlet-master', 'outletStatus'). */
  key: string;
  /** FROM and the JOINs that decide which rows there are. */
  from: string;
  /** When `from` is one table, its alias: a page's rows are chosen from it before the lookups join. */
  tableAlias?: string;
  /** Joins that only add columns (see TableLookup). */
  lookups?: readonly TableLookup[];
  /** REQUIRED: the row's market and DT code columns; every query limits both to the caller. */
  scope: TableScope;
  /** Dated tables: `dateColumn` between from and to, or an overlap of two columns. */
  dateColumn?: string;
  dateOverlap?: { start: string; end: string };
  /** A unique, non-null key of a row: the tie-break of every sort and the keyset cursor. */
  rowKey: string;
  columns: readonly ColumnSpec<C>[];
  /** Filter parameter → how it matches and what it accepts. */
  filters?: Partial<Record<F, FilterSpec>>;
  /** A sortable column's key, `-` in front for descending. */
  defaultSort: `${C}` | `-${C}`;
  /**
   * Summed columns that come from a per-row lookup (a visit's orders): the totals row reads them as
   * one join over the window instead, with that table's own market and date columns given the same
   * conditions so it is read through its (country, date) index. `sums` gives each summed column's
   * aggregate.
   */
  totalsJoin?: { join: string; countryColumn: string; dateColumn: string; sums: Record<string, string> };
}

/** A table as defineTable checked it: filters always present, a column by key. */
export interface Table<C extends string = string, F extends string = string> extends TableSpec<C, F> {
  readonly filters: Partial<Record<F, FilterSpec>>;
  column(key: string): ColumnSpec<C> | undefined;
}

export class TableDefinitionError extends Error {}

const blank = (s: unknown) => typeof s !== 'string' || s.trim() === '';

/**
 * Declares a table. Throws TableDefinitionError at declaration time when the scope columns are
 * missing or blank, column keys repeat, the default sort is not a sortable column, or a search list
 * allows more than SEARCH_LIST_MAX values.
 */
export function defineTable<const C extends string, const F extends string = never>(
  spec: TableSpec<C, F>,
): Table<C, F> {
  const fail = (why: string): never => {
    throw new TableDefinitionError(`Table ${spec?.key ?? '(unnamed)'}: ${why}`);
  };
  if (!spec || typeof spec !== 'object') fail('no declaration');
  const scope = (spec as Partial<TableSpec>).scope;
  if (!scope || blank(scope.market) || blank(scope.dt)) {
    fail('scope.market and scope.dt (the market and DT code columns) are required');
  }
  if (blank(spec.key)) fail('key is required');
  if (blank(spec.from)) fail('from is required');
  if (blank(spec.rowKey)) fail('rowKey is required');
  if (!Array.isArray(spec.columns) || spec.columns.length === 0) fail('columns are required');
  const byKey = new Map<string, ColumnSpec<C>>();
  for (const col of spec.columns) {
    if (byKey.has(col.key)) fail(`column ${col.key} is declared twice`);
    if (blank(col.sql)) fail(`column ${col.key} has no sql`);
    if (blank(col.header?.en) || blank(col.header?.vi)) fail(`column ${col.key} needs en and vi headers`);
    byKey.set(col.key, col);
  }
  const sortKey = String(spec.defaultSort ?? '').replace(/^-/, '');
  if (!byKey.get(sortKey)?.sortable) fail(`defaultSort ${spec.defaultSort} is not a sortable column`);
  const filters = (spec.filters ?? {}) as Partial<Record<F, FilterSpec>>;
  for (const [param, f] of Object.entries(filters) as [string, FilterSpec][]) {
    if (blank(f.column)) fail(`filter ${param} has no column`);
    if ((f.max ?? SEARCH_LIST_MAX) > SEARCH_LIST_MAX)
      fail(`filter ${param} allows more than ${SEARCH_LIST_MAX}`);
    if (f.choices && f.match !== 'equals') fail(`filter ${param} offers choices but does not match equals`);
  }
  return Object.freeze({
    ...spec,
    scope: Object.freeze({ ...scope! }),
    filters,
    column: (key: string) => byKey.get(key),
  });
}
