/**
 * The three Merchandizing Sets uploads as import definitions (lib/imports), with the templates of
 * issue 15 word for word, .csv, 25 MB (spec section 9), all-or-nothing (a file with any row error
 * applies nothing; every error is listed with its row):
 *
 * - merchSets 'BU-Asset Type, Sub-Region, Set Name, OSA Hurdle Rate, Facings Hurdle Rate, Stock Hurdle
 *   Rate, Go live date, End date, Set ID': a new Set ID is created as version 1; a known one changes its
 *   current version (a new version is a separate, explicit action).
 * - merchDisplays 'Display Name, Display ID, Set ID, Product Order, Product Code, Facings, Depth': one
 *   row per product line; a display named in the file is given whole (its lines not in the file are
 *   removed) in the set's current version.
 * - merchOutlets 'Set ID, Display ID, Outlet ID, Number of Times': assigns outlets (of the uploader's
 *   distributors) to displays of the set's current version.
 *
 * Sets and displays are market-wide: an admin limited to some DT codes gets MERCH_MARKET_WIDE on every
 * row of those two (docs/decisions.md, "Merchandizing Sets").
 */
import {
  isMerchCode,
  MERCH_DISPLAY_TEMPLATE_HEADERS,
  MERCH_DISPLAYS_IMPORT_KIND,
  MERCH_LIMITS,
  MERCH_MAX_BYTES,
  MERCH_OUTLET_TEMPLATE_HEADERS,
  MERCH_OUTLETS_IMPORT_KIND,
  MERCH_SET_TEMPLATE_HEADERS,
  MERCH_SETS_IMPORT_KIND,
  parseHurdleRate,
  parseTemplateDate,
  parseWhole,
  type RowError,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { hasSpaceOrSpecialAround, isBlank, rowError } from '../../lib/imports/cell-rules.js';
import {
  registerImport,
  type ImportContext,
  type KeyedRule,
  type RawRow,
  type RowCheck,
  type ValidRow,
} from '../../lib/imports/definition.js';
import { dtScope, dtScopeSql } from '../../lib/policy.js';
import { MERCH_TOOL } from './policy.js';
import { AUDIT } from './queries.js';

const [BU, SUB_REGION, SET_NAME, OSA, FACINGS_RATE, STOCK_RATE, GO_LIVE, END_DATE, SET_ID] =
  MERCH_SET_TEMPLATE_HEADERS;
const [DISPLAY_NAME, DISPLAY_ID, D_SET_ID, PRODUCT_ORDER, PRODUCT_CODE, FACINGS, DEPTH] =
  MERCH_DISPLAY_TEMPLATE_HEADERS;
const [O_SET_ID, O_DISPLAY_ID, OUTLET_ID, TIMES] = MERCH_OUTLET_TEMPLATE_HEADERS;

/** A required free-text cell (names, types, regions): not blank, at most 100 characters. */
function textCell(raw: RawRow, header: string, row: number, errors: RowError[]): string | undefined {
  const value = raw[header];
  if (isBlank(value)) {
    errors.push(rowError('BLANK_VALUE', row, header));
    return undefined;
  }
  if (value!.length > MERCH_LIMITS.textLength) {
    errors.push(rowError('MERCH_TEXT_TOO_LONG', row, header, { header, max: MERCH_LIMITS.textLength }));
    return undefined;
  }
  return value!;
}

/** A Set ID or Display ID cell. */
function codeCell(raw: RawRow, header: string, row: number, errors: RowError[]): string | undefined {
  const value = raw[header];
  if (isBlank(value)) {
    errors.push(rowError('BLANK_VALUE', row, header));
    return undefined;
  }
  if (!isMerchCode(value!)) {
    errors.push(rowError('MERCH_CODE_INVALID', row, header, { header }));
    return undefined;
  }
  return value!;
}

function wholeCell(raw: RawRow, header: string, max: number, row: number, errors: RowError[]) {
  const value = raw[header];
  if (isBlank(value)) {
    errors.push(rowError('BLANK_VALUE', row, header));
    return undefined;
  }
  const n = parseWhole(value, max);
  if (n === undefined) errors.push(rowError('MERCH_WHOLE_INVALID', row, header, { header, max }));
  return n;
}

/** Every row of a market-wide upload refused to a DT-limited admin. */
function marketWideErrors(rows: ReadonlyArray<ValidRow<unknown>>, ctx: ImportContext, header: string) {
  return dtScope(ctx.user) === null ? [] : rows.map((r) => rowError('MERCH_MARKET_WIDE', r.row, header));
}

/** Parameters of a batch: the market, then one JSON array per column. */
const columns = (ctx: ImportContext, ...cols: unknown[][]) => [
  ctx.market,
  ...cols.map((c) => JSON.stringify(c)),
];
const rowsFrom = (names: readonly string[], first = 2) =>
  `ROWS FROM (${names.map((_, i) => `json_array_elements_text($${first + i}::json)`).join(', ')})
   WITH ORDINALITY AS f(${names.join(', ')}, i)`;

/** Insert audit entries given as JSON arrays (target, before, after) for one action. */
async function insertAudits(
  tx: Queryable,
  ctx: ImportContext,
  action: string,
  entries: Array<{ target: string; before: unknown; after: unknown }>,
) {
  if (entries.length === 0) return;
  await tx.query(
    `INSERT INTO audit_log (actor_id, session_id, market, tool, action, target, before, after, import_id, request_id)
     SELECT $2, NULL, $1, $3, $4, e->>'target', e->'before', e->'after', $5, NULL
     FROM json_array_elements($6::json) e`,
    [ctx.market, ctx.user.id, MERCH_TOOL, action, ctx.importId, JSON.stringify(entries)],
  );
}

// ---------------------------------------------------------------------------------------------
// Create Sets
// ---------------------------------------------------------------------------------------------

export interface SetValue {
  setId: string;
  buAssetType: string;
  subRegion: string;
  setName: string;
  osaHurdle: number;
  facingsHurdle: number;
  stockHurdle: number;
  goLive: string;
  endDate: string;
}

export function validateSetRow(raw: RawRow, row: number): RowCheck<SetValue> {
  const errors: RowError[] = [];
  const buAssetType = textCell(raw, BU, row, errors);
  const subRegion = textCell(raw, SUB_REGION, row, errors);
  const setName = textCell(raw, SET_NAME, row, errors);
  const rates = [OSA, FACINGS_RATE, STOCK_RATE].map((header) => {
    if (isBlank(raw[header])) {
      errors.push(rowError('BLANK_VALUE', row, header));
      return undefined;
    }
    const rate = parseHurdleRate(raw[header]);
    if (rate === undefined) errors.push(rowError('MERCH_RATE_INVALID', row, header, { header }));
    return rate;
  });
  const dates = [GO_LIVE, END_DATE].map((header) => {
    if (isBlank(raw[header])) {
      errors.push(rowError('BLANK_VALUE', row, header));
      return undefined;
    }
    const day = parseTemplateDate(raw[header]);
    if (day === undefined) errors.push(rowError('MERCH_DATE_INVALID', row, header, { header }));
    return day;
  });
  const [goLive, endDate] = dates;
  if (goLive && endDate && endDate < goLive) errors.push(rowError('MERCH_DATES_ORDER', row, END_DATE));
  const setId = codeCell(raw, SET_ID, row, errors);
  if (errors.length > 0) return { errors };
  return {
    value: {
      setId: setId!,
      buAssetType: buAssetType!,
      subRegion: subRegion!,
      setName: setName!,
      osaHurdle: rates[0]!,
      facingsHurdle: rates[1]!,
      stockHurdle: rates[2]!,
      goLive: goLive!,
      endDate: endDate!,
    },
  };
}

/** A rule flagging every row whose key an earlier row already had. */
function duplicates<V>(
  key: (v: V) => string,
  code: 'MERCH_DUPLICATE_SET' | 'MERCH_DUPLICATE_OUTLET',
  header: string,
): KeyedRule<V> {
  // Keyed (lib/imports, KeyedRule): only rows with the same key can repeat each other.
  return {
    key,
    check: (rows: ReadonlyArray<ValidRow<V>>): RowError[] => {
      const seen = new Set<string>();
      const errors: RowError[] = [];
      for (const { row, value } of [...rows].sort((a, b) => a.row - b.row)) {
        const k = key(value);
        if (seen.has(k)) errors.push(rowError(code, row, header));
        else seen.add(k);
      }
      return errors;
    },
  };
}

const SET_JSON = (p: string) => `jsonb_build_object('setName', ${p}set_name, 'buAssetType', ${p}bu_asset_type,
  'subRegion', ${p}sub_region, 'osaHurdle', ${p}osa_hurdle::float8, 'facingsHurdle', ${p}facings_hurdle::float8,
  'stockHurdle', ${p}stock_hurdle::float8, 'goLive', to_char(${p}go_live, 'YYYY-MM-DD'),
  'endDate', to_char(${p}end_date, 'YYYY-MM-DD'))`;
const CURRENT_SETS = `SELECT DISTINCT ON (set_id) * FROM merch_sets WHERE country_code = $1 ORDER BY set_id, version DESC`;

async function planSets(q: Queryable, rows: ReadonlyArray<ValidRow<SetValue>>, ctx: ImportContext) {
  if (rows.length === 0) return { create: 0, update: 0, unchanged: 0 };
  const v = rows.map((r) => r.value);
  const { rows: answer } = await q.query<{ create: number; update: number }>(
    `WITH f AS (
       SELECT f.set_id, f.bu_asset_type, f.sub_region, f.set_name, f.osa_hurdle::numeric AS osa_hurdle,
              f.facings_hurdle::numeric AS facings_hurdle, f.stock_hurdle::numeric AS stock_hurdle,
              f.go_live::date AS go_live, f.end_date::date AS end_date
       FROM ${rowsFrom(['set_id', 'bu_asset_type', 'sub_region', 'set_name', 'osa_hurdle', 'facings_hurdle', 'stock_hurdle', 'go_live', 'end_date'])}),
     cur AS (${CURRENT_SETS})
     SELECT count(*) FILTER (WHERE cur.id IS NULL)::int AS create,
            count(*) FILTER (WHERE cur.id IS NOT NULL AND ${SET_JSON('cur.')} <> ${SET_JSON('f.')})::int AS update
     FROM f LEFT JOIN cur ON cur.set_id = f.set_id`,
    columns(
      ctx,
      v.map((x) => x.setId),
      v.map((x) => x.buAssetType),
      v.map((x) => x.subRegion),
      v.map((x) => x.setName),
      v.map((x) => x.osaHurdle),
      v.map((x) => x.facingsHurdle),
      v.map((x) => x.stockHurdle),
      v.map((x) => x.goLive),
      v.map((x) => x.endDate),
    ),
  );
  const create = answer[0]?.create ?? 0;
  const update = answer[0]?.update ?? 0;
  return { create, update, unchanged: rows.length - create - update };
}

export const merchSetsImport = registerImport<SetValue>({
  kind: MERCH_SETS_IMPORT_KIND,
  tool: MERCH_TOOL,
  maxBytes: MERCH_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: MERCH_SET_TEMPLATE_HEADERS,
  dateColumns: [GO_LIVE, END_DATE],
  validateRow: validateSetRow,
  crossRowRules: [duplicates<SetValue>((v) => v.setId, 'MERCH_DUPLICATE_SET', SET_ID)],
  async checkAgainstDb(_q, rows, ctx) {
    return marketWideErrors(rows, ctx, SET_ID);
  },
  plan: planSets,
  staging: {
    columns: [
      { name: 'set_id', type: 'text' },
      { name: 'bu_asset_type', type: 'text' },
      { name: 'sub_region', type: 'text' },
      { name: 'set_name', type: 'text' },
      { name: 'osa_hurdle', type: 'numeric' },
      { name: 'facings_hurdle', type: 'numeric' },
      { name: 'stock_hurdle', type: 'numeric' },
      { name: 'go_live', type: 'date' },
      { name: 'end_date', type: 'date' },
    ],
    toRow: (v) => [
      v.setId,
      v.buAssetType,
      v.subRegion,
      v.setName,
      v.osaHurdle,
      v.facingsHurdle,
      v.stockHurdle,
      v.goLive,
      v.endDate,
    ],
  },
  async apply(tx, staging, ctx) {
    const { rows: changes } = await tx.query<{
      pk: number | null;
      set_id: string;
      version: number | null;
      before: unknown;
      after: unknown;
    }>(
      `WITH cur AS (${CURRENT_SETS})
       SELECT cur.id::int AS pk, st.set_id, cur.version,
              CASE WHEN cur.id IS NULL THEN NULL ELSE ${SET_JSON('cur.')} END AS before, ${SET_JSON('st.')} AS after
       FROM ${staging} st LEFT JOIN cur ON cur.set_id = st.set_id
       WHERE cur.id IS NULL OR ${SET_JSON('cur.')} <> ${SET_JSON('st.')}`,
      [ctx.market],
    );
    const { rows: total } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${staging}`);
    await tx.query(
      `UPDATE merch_sets m SET bu_asset_type = st.bu_asset_type, sub_region = st.sub_region, set_name = st.set_name,
         osa_hurdle = st.osa_hurdle, facings_hurdle = st.facings_hurdle, stock_hurdle = st.stock_hurdle,
         go_live = st.go_live, end_date = st.end_date, updated_at = now()
       FROM ${staging} st
       WHERE m.id = ANY($1::bigint[]) AND m.set_id = st.set_id`,
      [changes.filter((c) => c.pk !== null).map((c) => c.pk)],
    );
    await tx.query(
      `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name, osa_hurdle,
                               facings_hurdle, stock_hurdle, go_live, end_date, created_by)
       SELECT $1, st.set_id, 1, st.bu_asset_type, st.sub_region, st.set_name, st.osa_hurdle, st.facings_hurdle,
              st.stock_hurdle, st.go_live, st.end_date, $2
       FROM ${staging} st WHERE st.set_id = ANY($3::text[])`,
      [ctx.market, ctx.user.id, changes.filter((c) => c.pk === null).map((c) => c.set_id)],
    );
    const created = changes.filter((c) => c.pk === null);
    const updated = changes.filter((c) => c.pk !== null);
    await insertAudits(
      tx,
      ctx,
      AUDIT.setCreate,
      created.map((c) => ({ target: `${c.set_id}@1`, before: null, after: c.after })),
    );
    await insertAudits(
      tx,
      ctx,
      AUDIT.setUpdate,
      updated.map((c) => ({ target: `${c.set_id}@${c.version}`, before: c.before, after: c.after })),
    );
    const n = total[0]?.n ?? 0;
    return { created: created.length, updated: updated.length, unchanged: n - changes.length };
  },
  auditAction: AUDIT.setsImport,
});

// ---------------------------------------------------------------------------------------------
// Create Displays
// ---------------------------------------------------------------------------------------------

export interface DisplayLineValue {
  displayName: string;
  displayId: string;
  setId: string;
  productOrder: number;
  itemCode: string;
  facings: number;
  depth: number;
}

export function validateDisplayRow(raw: RawRow, row: number): RowCheck<DisplayLineValue> {
  const errors: RowError[] = [];
  const displayName = textCell(raw, DISPLAY_NAME, row, errors);
  const displayId = codeCell(raw, DISPLAY_ID, row, errors);
  const setId = codeCell(raw, D_SET_ID, row, errors);
  const productOrder = wholeCell(raw, PRODUCT_ORDER, MERCH_LIMITS.productOrder, row, errors);
  const itemCode = raw[PRODUCT_CODE];
  if (isBlank(itemCode)) errors.push(rowError('BLANK_VALUE', row, PRODUCT_CODE));
  else if (hasSpaceOrSpecialAround(itemCode!)) errors.push(rowError('SPACES_OR_SPECIAL', row, PRODUCT_CODE));
  const facings = wholeCell(raw, FACINGS, MERCH_LIMITS.facings, row, errors);
  const depth = wholeCell(raw, DEPTH, MERCH_LIMITS.depth, row, errors);
  if (errors.length > 0) return { errors };
  return {
    value: {
      displayName: displayName!,
      displayId: displayId!,
      setId: setId!,
      productOrder: productOrder!,
      itemCode: itemCode!,
      facings: facings!,
      depth: depth!,
    },
  };
}

/**
 * Across rows: a Display ID keeps the Display Name and Set ID of its first row
 * (MERCH_DISPLAY_CONFLICT), and holds each Product Order (MERCH_DUPLICATE_LINE) and each Product Code
 * (MERCH_DUPLICATE_PRODUCT) once.
 */
export function displayLineRules(rows: ReadonlyArray<ValidRow<DisplayLineValue>>): RowError[] {
  const first = new Map<string, ValidRow<DisplayLineValue>>();
  const orders = new Set<string>();
  const products = new Set<string>();
  const errors: RowError[] = [];
  for (const r of [...rows].sort((a, b) => a.row - b.row)) {
    const { value, row } = r;
    const head = first.get(value.displayId);
    if (!head) first.set(value.displayId, r);
    else if (head.value.displayName !== value.displayName || head.value.setId !== value.setId) {
      errors.push(rowError('MERCH_DISPLAY_CONFLICT', row, DISPLAY_ID, { other: head.row }));
      continue;
    }
    const orderKey = `${value.displayId}\u0000${value.productOrder}`;
    const productKey = `${value.displayId}\u0000${value.itemCode}`;
    if (orders.has(orderKey)) errors.push(rowError('MERCH_DUPLICATE_LINE', row, PRODUCT_ORDER));
    else if (products.has(productKey)) errors.push(rowError('MERCH_DUPLICATE_PRODUCT', row, PRODUCT_CODE));
    orders.add(orderKey);
    products.add(productKey);
  }
  return errors;
}

const DISPLAY_COLUMNS = [
  'display_name',
  'display_id',
  'set_id',
  'product_order',
  'item_code',
  'facings',
  'depth',
];
const displayParams = (rows: ReadonlyArray<ValidRow<DisplayLineValue>>, ctx: ImportContext) => {
  const v = rows.map((r) => r.value);
  return columns(
    ctx,
    v.map((x) => x.displayName),
    v.map((x) => x.displayId),
    v.map((x) => x.setId),
    v.map((x) => x.productOrder),
    v.map((x) => x.itemCode),
    v.map((x) => x.facings),
    v.map((x) => x.depth),
  );
};

export const merchDisplaysImport = registerImport<DisplayLineValue>({
  kind: MERCH_DISPLAYS_IMPORT_KIND,
  tool: MERCH_TOOL,
  maxBytes: MERCH_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: MERCH_DISPLAY_TEMPLATE_HEADERS,
  dateColumns: [],
  validateRow: validateDisplayRow,
  // Keyed (lib/imports, KeyedRule): only lines of the same Display ID can conflict or repeat.
  crossRowRules: [{ key: (v) => v.displayId, check: displayLineRules }],
  async checkAgainstDb(q, rows, ctx) {
    if (rows.length === 0) return [];
    const wide = marketWideErrors(rows, ctx, DISPLAY_ID);
    if (wide.length > 0) return wide;
    const { rows: answer } = await q.query<{
      i: number;
      set_known: boolean;
      other_set: string | null;
      product_known: boolean;
    }>(
      `SELECT f.i::int AS i,
              EXISTS (SELECT 1 FROM merch_sets s WHERE s.country_code = $1 AND s.set_id = f.set_id) AS set_known,
              (SELECT s.set_id FROM merch_displays d JOIN merch_sets s ON s.id = d.set_pk
               WHERE d.country_code = $1 AND d.display_id = f.display_id AND s.set_id <> f.set_id LIMIT 1) AS other_set,
              EXISTS (SELECT 1 FROM product_prices pp WHERE pp.country_code = $1 AND pp.item_code = f.item_code)
                AS product_known
       FROM ${rowsFrom(DISPLAY_COLUMNS)}`,
      displayParams(rows, ctx),
    );
    const errors: RowError[] = [];
    for (const a of answer) {
      const row = rows[a.i - 1]!.row;
      if (!a.set_known) errors.push(rowError('MERCH_SET_UNKNOWN', row, D_SET_ID));
      if (a.other_set !== null) {
        errors.push(rowError('MERCH_DISPLAY_OTHER_SET', row, DISPLAY_ID, { setId: a.other_set }));
      }
      if (!a.product_known) errors.push(rowError('MERCH_PRODUCT_UNKNOWN', row, PRODUCT_CODE));
    }
    return errors;
  },
  async plan(q, rows, ctx) {
    if (rows.length === 0) return { create: 0, update: 0, unchanged: 0 };
    const { rows: answer } = await q.query<{ create: number; update: number }>(
      `WITH cur AS (${CURRENT_SETS}),
       j AS (
         SELECT f.*, d.display_name AS old_name, l.item_code AS old_item, l.facings AS old_facings, l.depth AS old_depth,
                l.display_pk IS NOT NULL AS known
         FROM ${rowsFrom(DISPLAY_COLUMNS)}
         LEFT JOIN cur ON cur.set_id = f.set_id
         LEFT JOIN merch_displays d ON d.set_pk = cur.id AND d.display_id = f.display_id
         LEFT JOIN merch_display_products l ON l.display_pk = d.id AND l.product_order = f.product_order::int)
       SELECT count(*) FILTER (WHERE NOT known)::int AS create,
              count(*) FILTER (WHERE known AND (old_name <> display_name OR old_item <> item_code
                                 OR old_facings <> facings::int OR old_depth <> depth::int))::int AS update
       FROM j`,
      displayParams(rows, ctx),
    );
    const create = answer[0]?.create ?? 0;
    const update = answer[0]?.update ?? 0;
    return { create, update, unchanged: rows.length - create - update };
  },
  staging: {
    columns: [
      { name: 'display_name', type: 'text' },
      { name: 'display_id', type: 'text' },
      { name: 'set_id', type: 'text' },
      { name: 'product_order', type: 'integer' },
      { name: 'item_code', type: 'text' },
      { name: 'facings', type: 'integer' },
      { name: 'depth', type: 'integer' },
    ],
    toRow: (v) => [v.displayName, v.displayId, v.setId, v.productOrder, v.itemCode, v.facings, v.depth],
  },
  async apply(tx, staging, ctx) {
    // The content of every display the file names, before and after (one statement each).
    const content = `SELECT cur.set_id, cur.version, d.display_id, jsonb_build_object('displayName', d.display_name,
         'products', coalesce((SELECT jsonb_agg(jsonb_build_object('productOrder', l.product_order,
            'itemCode', l.item_code, 'facings', l.facings, 'depth', l.depth) ORDER BY l.product_order)
           FROM merch_display_products l WHERE l.display_pk = d.id), '[]'::jsonb)) AS content
       FROM (SELECT DISTINCT set_id, display_id FROM ${staging}) st
       JOIN (${CURRENT_SETS}) cur ON cur.set_id = st.set_id
       JOIN merch_displays d ON d.set_pk = cur.id AND d.display_id = st.display_id`;
    type Content = { set_id: string; version: number; display_id: string; content: unknown };
    const before = new Map(
      (await tx.query<Content>(content, [ctx.market])).rows.map((r) => [`${r.set_id}/${r.display_id}`, r]),
    );
    const { rows: counts } = await tx.query<{ create: number; update: number; total: number }>(
      `WITH cur AS (${CURRENT_SETS})
       SELECT count(*) FILTER (WHERE l.display_pk IS NULL)::int AS create,
              count(*) FILTER (WHERE l.display_pk IS NOT NULL AND (d.display_name <> st.display_name
                OR l.item_code <> st.item_code OR l.facings <> st.facings OR l.depth <> st.depth))::int AS update,
              count(*)::int AS total
       FROM ${staging} st
       JOIN cur ON cur.set_id = st.set_id
       LEFT JOIN merch_displays d ON d.set_pk = cur.id AND d.display_id = st.display_id
       LEFT JOIN merch_display_products l ON l.display_pk = d.id AND l.product_order = st.product_order`,
      [ctx.market],
    );
    await tx.query(
      `WITH cur AS (${CURRENT_SETS})
       INSERT INTO merch_displays (country_code, set_pk, display_id, display_name)
       SELECT DISTINCT $1, cur.id, st.display_id, st.display_name
       FROM ${staging} st JOIN cur ON cur.set_id = st.set_id
       ON CONFLICT (set_pk, display_id) DO UPDATE SET display_name = EXCLUDED.display_name
         WHERE merch_displays.display_name <> EXCLUDED.display_name`,
      [ctx.market],
    );
    const named = `SELECT d.id FROM (SELECT DISTINCT set_id, display_id FROM ${staging}) st
       JOIN (${CURRENT_SETS}) cur ON cur.set_id = st.set_id
       JOIN merch_displays d ON d.set_pk = cur.id AND d.display_id = st.display_id`;
    await tx.query(
      `DELETE FROM merch_display_products l
       WHERE l.display_pk IN (${named})
         AND NOT EXISTS (SELECT 1 FROM ${staging} st JOIN (${CURRENT_SETS}) cur ON cur.set_id = st.set_id
                         JOIN merch_displays d ON d.set_pk = cur.id AND d.display_id = st.display_id
                         WHERE d.id = l.display_pk AND st.product_order = l.product_order)`,
      [ctx.market],
    );
    await tx.query(
      `WITH cur AS (${CURRENT_SETS})
       INSERT INTO merch_display_products (display_pk, product_order, item_code, facings, depth)
       SELECT d.id, st.product_order, st.item_code, st.facings, st.depth
       FROM ${staging} st JOIN cur ON cur.set_id = st.set_id
       JOIN merch_displays d ON d.set_pk = cur.id AND d.display_id = st.display_id
       ON CONFLICT (display_pk, product_order) DO UPDATE SET item_code = EXCLUDED.item_code,
         facings = EXCLUDED.facings, depth = EXCLUDED.depth`,
      [ctx.market],
    );
    const after = (await tx.query<Content>(content, [ctx.market])).rows;
    const changed = after.filter(
      (a) => JSON.stringify(before.get(`${a.set_id}/${a.display_id}`)?.content) !== JSON.stringify(a.content),
    );
    await insertAudits(
      tx,
      ctx,
      AUDIT.displaySave,
      changed.map((a) => ({
        target: `${a.set_id}@${a.version}/${a.display_id}`,
        before: before.get(`${a.set_id}/${a.display_id}`)?.content ?? null,
        after: a.content,
      })),
    );
    await tx.query(
      `UPDATE merch_sets SET updated_at = now()
       WHERE country_code = $1 AND id IN (SELECT set_pk FROM merch_displays WHERE id IN (${named}))
         AND $2::boolean`,
      [ctx.market, changed.length > 0],
    );
    const c = counts[0] ?? { create: 0, update: 0, total: 0 };
    return { created: c.create, updated: c.update, unchanged: c.total - c.create - c.update };
  },
  auditAction: AUDIT.displaysImport,
});

// ---------------------------------------------------------------------------------------------
// Upload Outlet list
// ---------------------------------------------------------------------------------------------

export interface OutletValue {
  setId: string;
  displayId: string;
  outletCode: string;
  times: number;
}

export function validateOutletRow(raw: RawRow, row: number): RowCheck<OutletValue> {
  const errors: RowError[] = [];
  const setId = codeCell(raw, O_SET_ID, row, errors);
  const displayId = codeCell(raw, O_DISPLAY_ID, row, errors);
  const outletCode = raw[OUTLET_ID];
  if (isBlank(outletCode)) errors.push(rowError('BLANK_VALUE', row, OUTLET_ID));
  else if (hasSpaceOrSpecialAround(outletCode!)) errors.push(rowError('SPACES_OR_SPECIAL', row, OUTLET_ID));
  const times = wholeCell(raw, TIMES, MERCH_LIMITS.times, row, errors);
  if (errors.length > 0) return { errors };
  return { value: { setId: setId!, displayId: displayId!, outletCode: outletCode!, times: times! } };
}

const OUTLET_COLUMNS = ['set_id', 'display_id', 'outlet_code', 'times'];
const outletParams = (rows: ReadonlyArray<ValidRow<OutletValue>>, ctx: ImportContext) => {
  const v = rows.map((r) => r.value);
  return columns(
    ctx,
    v.map((x) => x.setId),
    v.map((x) => x.displayId),
    v.map((x) => x.outletCode),
    v.map((x) => x.times),
  );
};
const OUTLET_JOIN = `LEFT JOIN (${CURRENT_SETS}) cur ON cur.set_id = f.set_id
  LEFT JOIN merch_displays d ON d.set_pk = cur.id AND d.display_id = f.display_id
  LEFT JOIN outlets o ON o.country_code = $1 AND o.outlet_code = f.outlet_code
  LEFT JOIN merch_set_outlets so ON so.display_pk = d.id AND so.outlet_id = o.id`;

export const merchOutletsImport = registerImport<OutletValue>({
  kind: MERCH_OUTLETS_IMPORT_KIND,
  tool: MERCH_TOOL,
  maxBytes: MERCH_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: MERCH_OUTLET_TEMPLATE_HEADERS,
  dateColumns: [],
  validateRow: validateOutletRow,
  crossRowRules: [
    duplicates<OutletValue>(
      (v) => `${v.setId}\u0000${v.displayId}\u0000${v.outletCode}`,
      'MERCH_DUPLICATE_OUTLET',
      OUTLET_ID,
    ),
  ],
  async checkAgainstDb(q, rows, ctx) {
    if (rows.length === 0) return [];
    const params = outletParams(rows, ctx);
    const inScope = dtScopeSql(ctx.user, 'o.dt_code', params);
    const { rows: answer } = await q.query<{
      i: number;
      set_known: boolean;
      display_known: boolean;
      outlet_known: boolean;
      in_scope: boolean;
    }>(
      `SELECT f.i::int AS i, cur.id IS NOT NULL AS set_known, d.id IS NOT NULL AS display_known,
              o.id IS NOT NULL AS outlet_known, coalesce(${inScope}, false) AS in_scope
       FROM ${rowsFrom(OUTLET_COLUMNS)} ${OUTLET_JOIN}`,
      params,
    );
    const errors: RowError[] = [];
    for (const a of answer) {
      const { row, value } = rows[a.i - 1]!;
      if (!a.set_known) errors.push(rowError('MERCH_SET_UNKNOWN', row, O_SET_ID));
      else if (!a.display_known) {
        errors.push(rowError('MERCH_DISPLAY_UNKNOWN', row, O_DISPLAY_ID, { setId: value.setId }));
      }
      if (!a.outlet_known) errors.push(rowError('MERCH_OUTLET_UNKNOWN', row, OUTLET_ID));
      else if (!a.in_scope) errors.push(rowError('OUT_OF_SCOPE', row, OUTLET_ID));
    }
    return errors;
  },
  async plan(q, rows, ctx) {
    if (rows.length === 0) return { create: 0, update: 0, unchanged: 0 };
    const { rows: answer } = await q.query<{ create: number; update: number }>(
      `SELECT count(*) FILTER (WHERE so.display_pk IS NULL)::int AS create,
              count(*) FILTER (WHERE so.times <> f.times::int)::int AS update
       FROM ${rowsFrom(OUTLET_COLUMNS)} ${OUTLET_JOIN}`,
      outletParams(rows, ctx),
    );
    const create = answer[0]?.create ?? 0;
    const update = answer[0]?.update ?? 0;
    return { create, update, unchanged: rows.length - create - update };
  },
  staging: {
    columns: [
      { name: 'set_id', type: 'text' },
      { name: 'display_id', type: 'text' },
      { name: 'outlet_code', type: 'text' },
      { name: 'times', type: 'integer' },
    ],
    toRow: (v) => [v.setId, v.displayId, v.outletCode, v.times],
  },
  async apply(tx, staging, ctx) {
    const { rows: changes } = await tx.query<{
      set_pk: number;
      version: number;
      display_pk: number;
      outlet_id: number;
      target: string;
      times: number;
      was: number | null;
    }>(
      `SELECT cur.id::int AS set_pk, cur.version, d.id::int AS display_pk, o.id::int AS outlet_id,
              f.set_id || '@' || cur.version || '/' || f.display_id || '/' || f.outlet_code AS target,
              f.times, so.times AS was
       FROM ${staging} f ${OUTLET_JOIN}
       WHERE so.times IS DISTINCT FROM f.times`,
      [ctx.market],
    );
    const { rows: total } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${staging}`);
    await tx.query(
      `INSERT INTO merch_set_outlets (set_pk, display_pk, outlet_id, times)
       SELECT f.set_pk::bigint, f.display_pk::bigint, f.outlet_id::bigint, f.times::int
       FROM ${rowsFrom(['set_pk', 'display_pk', 'outlet_id', 'times'], 1)}
       ON CONFLICT (display_pk, outlet_id) DO UPDATE SET times = EXCLUDED.times`,
      [
        JSON.stringify(changes.map((c) => c.set_pk)),
        JSON.stringify(changes.map((c) => c.display_pk)),
        JSON.stringify(changes.map((c) => c.outlet_id)),
        JSON.stringify(changes.map((c) => c.times)),
      ],
    );
    await insertAudits(
      tx,
      ctx,
      AUDIT.outletAssign,
      changes.map((c) => ({
        target: c.target,
        before: c.was === null ? null : { times: c.was },
        after: { times: c.times },
      })),
    );
    await tx.query(`UPDATE merch_sets SET updated_at = now() WHERE id = ANY($1::bigint[])`, [
      [...new Set(changes.map((c) => c.set_pk))],
    ]);
    const created = changes.filter((c) => c.was === null).length;
    const updated = changes.length - created;
    return { created, updated, unchanged: (total[0]?.n ?? 0) - changes.length };
  },
  auditAction: AUDIT.outletsImport,
});
