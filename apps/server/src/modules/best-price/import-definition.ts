/**
 * Overrides by upload (kind 'estimatedBestPrice'): the template BEST_PRICE_TEMPLATE_HEADERS ('Item Code,
 * Outlet Type, Override Price'), .csv, 25 MB. Row rules: Item Code and Outlet Type not blank, Item Code
 * without spaces or special characters around it; Override Price a positive amount with at most 2
 * decimals, or blank to clear the override (PRICE_INVALID). Across rows: an item and outlet type once
 * (BEST_PRICE_DUPLICATE_ROW). Against the database: the item is a product and the outlet type one of the
 * market's outlets have (NOT_IN_PORTAL). Apply: one statement; each override that changes gets who and
 * when and its 'bestPrice.override' audit entry; the pipeline adds 'bestPrice.import' and bumps the data
 * version.
 */
import {
  BEST_PRICE_IMPORT_KIND,
  BEST_PRICE_MAX_BYTES,
  BEST_PRICE_TEMPLATE_HEADERS,
  parseOverridePrice,
  type RowError,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { hasSpaceOrSpecialAround, isBlank, rowError } from '../../lib/imports/cell-rules.js';
import {
  registerImport,
  type ImportContext,
  type ImportDefinition,
  type RawRow,
  type RowCheck,
  type ValidRow,
} from '../../lib/imports/definition.js';
import { BEST_PRICE_TOOL, OVERRIDE_ACTION } from './queries.js';

const [ITEM, TYPE, PRICE] = BEST_PRICE_TEMPLATE_HEADERS;

export interface OverrideValue {
  itemCode: string;
  outletType: string;
  /** Null clears the override. */
  price: number | null;
}

export function validateOverrideRow(raw: RawRow, row: number): RowCheck<OverrideValue> {
  const errors: RowError[] = [];
  const item = raw[ITEM];
  if (isBlank(item)) errors.push(rowError('BLANK_VALUE', row, ITEM));
  else if (hasSpaceOrSpecialAround(item!)) errors.push(rowError('SPACES_OR_SPECIAL', row, ITEM));
  const type = raw[TYPE];
  if (isBlank(type)) errors.push(rowError('BLANK_VALUE', row, TYPE));
  const price = parseOverridePrice(raw[PRICE]);
  if (price === undefined) errors.push(rowError('PRICE_INVALID', row, PRICE));
  if (errors.length > 0) return { errors };
  return { value: { itemCode: item!, outletType: type!.trim(), price: price! } };
}

/** BEST_PRICE_DUPLICATE_ROW on every row whose item and outlet type an earlier row already had. */
export function duplicateOverrideRows(rows: ReadonlyArray<ValidRow<OverrideValue>>): RowError[] {
  const seen = new Set<string>();
  const errors: RowError[] = [];
  for (const { row, value } of [...rows].sort((a, b) => a.row - b.row)) {
    const key = `${value.itemCode}\u0000${value.outletType}`;
    if (seen.has(key)) errors.push(rowError('BEST_PRICE_DUPLICATE_ROW', row, ITEM));
    else seen.add(key);
  }
  return errors;
}

const ROWS = `ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json),
                         json_array_elements_text($4::json)) WITH ORDINALITY AS f(item, type, price, i)`;
const params = (rows: ReadonlyArray<ValidRow<OverrideValue>>, ctx: ImportContext) => [
  ctx.market,
  JSON.stringify(rows.map((r) => r.value.itemCode)),
  JSON.stringify(rows.map((r) => r.value.outletType)),
  JSON.stringify(rows.map((r) => (r.value.price === null ? '' : String(r.value.price)))),
];

async function facts(q: Queryable, rows: ReadonlyArray<ValidRow<OverrideValue>>, ctx: ImportContext) {
  if (rows.length === 0) return { unknown: [] as number[], update: 0 };
  const { rows: answer } = await q.query<{ unknown: number[] | null; update: number }>(
    `WITH j AS (
       SELECT f.i, f.price,
              EXISTS (SELECT 1 FROM products p WHERE p.item_code = f.item)
                AND EXISTS (SELECT 1 FROM outlets o WHERE o.country_code = $1 AND o.outlet_type = f.type) AS known,
              bp.override_price
       FROM ${ROWS}
       LEFT JOIN best_prices bp ON bp.country_code = $1 AND bp.item_code = f.item AND bp.outlet_type = f.type)
     SELECT (SELECT array_agg(i - 1 ORDER BY i) FROM j WHERE NOT known) AS unknown,
            (SELECT count(*) FROM j WHERE known
               AND override_price IS DISTINCT FROM NULLIF(price, '')::numeric)::int AS update`,
    params(rows, ctx),
  );
  return { unknown: (answer[0]?.unknown ?? []).map(Number), update: answer[0]?.update ?? 0 };
}

export const bestPriceImport: ImportDefinition<OverrideValue> = registerImport<OverrideValue>({
  kind: BEST_PRICE_IMPORT_KIND,
  tool: 'estimatedBestPrice',
  maxBytes: BEST_PRICE_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: BEST_PRICE_TEMPLATE_HEADERS,
  dateColumns: [],
  validateRow: validateOverrideRow,
  // Keyed (lib/imports, KeyedRule): only rows with the same item code can repeat each other.
  crossRowRules: [{ key: (v) => v.itemCode, check: duplicateOverrideRows }],
  async checkAgainstDb(q, rows, ctx) {
    const { unknown } = await facts(q, rows, ctx);
    return unknown.map((i) => rowError('NOT_IN_PORTAL', rows[i]!.row, ITEM));
  },
  async plan(q, rows, ctx) {
    const { update } = await facts(q, rows, ctx);
    return { create: 0, update, unchanged: rows.length - update };
  },
  staging: {
    columns: [
      { name: 'item_code', type: 'text' },
      { name: 'outlet_type', type: 'text' },
      { name: 'price', type: 'numeric' },
    ],
    toRow: (v) => [v.itemCode, v.outletType, v.price],
  },
  async apply(tx, stagingTable, ctx) {
    const { rows } = await tx.query<{ updated: number; total: number }>(
      `WITH old AS (
         SELECT st.item_code, st.outlet_type, st.price, bp.override_price AS was
         FROM ${stagingTable} st
         LEFT JOIN best_prices bp
           ON bp.country_code = $1 AND bp.item_code = st.item_code AND bp.outlet_type = st.outlet_type
         WHERE bp.override_price IS DISTINCT FROM st.price),
       changed AS (
         INSERT INTO best_prices (country_code, item_code, outlet_type, override_price, override_by, override_at)
         SELECT $1, item_code, outlet_type, price, CASE WHEN price IS NULL THEN NULL ELSE $2 END,
                CASE WHEN price IS NULL THEN NULL ELSE now() END
         FROM old
         ON CONFLICT (country_code, item_code, outlet_type) DO UPDATE SET
           override_price = EXCLUDED.override_price, override_by = EXCLUDED.override_by,
           override_at = EXCLUDED.override_at
         RETURNING item_code, outlet_type),
       audited AS (
         INSERT INTO audit_log (actor_id, session_id, market, tool, action, target, before, after, import_id,
                                request_id)
         SELECT $2, NULL, $1, $4, $5, o.item_code || '|' || o.outlet_type,
                jsonb_build_object('overridePrice', o.was::float8),
                jsonb_build_object('overridePrice', o.price::float8), $3, NULL
         FROM old o JOIN changed c ON c.item_code = o.item_code AND c.outlet_type = o.outlet_type
         RETURNING 1)
       SELECT (SELECT count(*) FROM audited)::int AS updated, (SELECT count(*) FROM ${stagingTable})::int AS total`,
      [ctx.market, ctx.user.id, ctx.importId, BEST_PRICE_TOOL, OVERRIDE_ACTION],
    );
    // Rows whose estimate is gone and whose override was cleared are not kept.
    await tx.query(
      `DELETE FROM best_prices WHERE country_code = $1 AND estimated_price IS NULL AND override_price IS NULL`,
      [ctx.market],
    );
    const updated = rows[0]?.updated ?? 0;
    return { created: 0, updated, unchanged: (rows[0]?.total ?? 0) - updated };
  },
  auditAction: 'bestPrice.import',
});
