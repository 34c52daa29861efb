/**
 * Estimated Best Price SQL outside the declared table and the recompute: setting or clearing one item
 * and outlet type's override in the caller's transaction (who and when are on the row too), giving back
 * its audit entry (registerAdminChange writes it).
 */
import type { BestPriceRow, CountryCode, SaveBestPrice } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/policy.js';
import { AppError } from '../../lib/errors.js';
import { audited, unchanged, type AdminChange } from '../../lib/tables/admin-change.js';
import { listPage, presentColumns, presentRow, tableCriteria } from '../../lib/tables/index.js';
import { bestPriceTable } from './table.js';

export const BEST_PRICE_TOOL = 'estimatedBestPrice';
export const OVERRIDE_ACTION = 'bestPrice.override';
/** The audit action of a recompute of the market's estimates (POST …/recompute). */
export const RECOMPUTE_ACTION = 'bestPrice.recompute';

const target = (input: Pick<SaveBestPrice, 'itemCode' | 'outletType'>) =>
  `${input.itemCode}|${input.outletType}`;

/**
 * Sets (price) or clears (null) the override: whether it changed, with its audit entry; 404 when the
 * item or the outlet type is not one of the market's (the item must be a product, the outlet type one the
 * market's outlets have).
 */
export async function saveOverride(
  tx: Queryable,
  market: CountryCode,
  input: SaveBestPrice,
  actorId: string,
): Promise<AdminChange<boolean>> {
  const known = await tx.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM products WHERE item_code = $2)
        AND EXISTS (SELECT 1 FROM outlets WHERE country_code = $1 AND outlet_type = $3) AS ok`,
    [market, input.itemCode, input.outletType],
  );
  if (!known.rows[0]?.ok) {
    throw new AppError(
      'NOT_FOUND',
      `${input.itemCode} for outlet type ${input.outletType} is not one of this market’s.`,
    );
  }
  await tx.query(
    `INSERT INTO best_prices (country_code, item_code, outlet_type) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [market, input.itemCode, input.outletType],
  );
  const { rows } = await tx.query<{ price: number | null }>(
    `SELECT override_price::float8 AS price FROM best_prices
     WHERE country_code = $1 AND item_code = $2 AND outlet_type = $3 FOR UPDATE`,
    [market, input.itemCode, input.outletType],
  );
  const before = rows[0]?.price ?? null;
  if (before === input.price) return unchanged(false);
  await tx.query(
    `UPDATE best_prices SET override_price = $4, override_by = CASE WHEN $4::numeric IS NULL THEN NULL ELSE $5 END,
       override_at = CASE WHEN $4::numeric IS NULL THEN NULL ELSE now() END
     WHERE country_code = $1 AND item_code = $2 AND outlet_type = $3`,
    [market, input.itemCode, input.outletType, input.price, actorId],
  );
  return audited(true, {
    action: OVERRIDE_ACTION,
    target: target(input),
    before: { overridePrice: before },
    after: { overridePrice: input.price },
  });
}

/** One item and outlet type's row as the list shows it (through the declared table). */
export async function bestPriceRow(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  itemCode: string,
  outletType: string,
): Promise<BestPriceRow | null> {
  const criteria = tableCriteria(bestPriceTable, {
    market,
    user,
    query: { filter_item_code: itemCode, filter_outlet_type: outletType, page: 1, pageSize: 1 },
  });
  const [row] = await listPage(q, bestPriceTable, criteria);
  return row ? (presentRow(row, presentColumns(bestPriceTable)) as unknown as BestPriceRow) : null;
}
