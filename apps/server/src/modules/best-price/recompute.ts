/**
 * The Estimated Best Price recompute: the method of contracts' `estimateBestPrice`
 * (docs/decisions.md, "Estimated Best Price") in one set-based SQL statement per market over the
 * invoice lines of the 90 days to `asOf`, written into best_prices. Overrides are never touched; rows
 * with neither an estimate nor an override any more are removed.
 */
import {
  BEST_PRICE_FENCE,
  BEST_PRICE_SPREAD_FLAG,
  BEST_PRICE_WINDOW_DAYS,
  type CountryCode,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';

/** Recomputes every item and outlet type of the market; returns how many estimates were written. */
export async function recomputeBestPrices(tx: Queryable, market: CountryCode, asOf: string): Promise<number> {
  await tx.query(
    `UPDATE best_prices SET estimated_price = NULL, spread = 0, flagged = false, invoices = 0, trimmed = 0,
       computed_at = now() WHERE country_code = $1`,
    [market],
  );
  const { rows } = await tx.query<{ n: string }>(
    `WITH lines AS (
       SELECT l.item_code, o.outlet_type,
              ((l.amount - l.return_amount) / (l.quantity - l.return_quantity))::float8 AS p
       FROM invoice_lines l JOIN outlets o ON o.id = l.outlet_id
       WHERE l.country_code = $1
         AND l.invoice_date BETWEEN $2::date - ($3::int - 1) AND $2::date
         AND l.quantity - l.return_quantity > 0 AND l.amount - l.return_amount > 0
     ), q AS (
       SELECT item_code, outlet_type, count(*) AS n,
              percentile_cont(0.25) WITHIN GROUP (ORDER BY p) AS q1,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY p) AS med,
              percentile_cont(0.75) WITHIN GROUP (ORDER BY p) AS q3
       FROM lines GROUP BY item_code, outlet_type
     ), kept AS (
       SELECT l.item_code, l.outlet_type, count(*) AS k,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY l.p) AS price
       FROM lines l JOIN q ON q.item_code = l.item_code AND q.outlet_type = l.outlet_type
       WHERE l.p BETWEEN q.q1 - $4::float8 * (q.q3 - q.q1) AND q.q3 + $4::float8 * (q.q3 - q.q1)
       GROUP BY l.item_code, l.outlet_type
     ), est AS (
       SELECT q.item_code, q.outlet_type, q.n, k.k, round(k.price::numeric, 2) AS price,
              CASE WHEN q.med > 0 THEN round(((q.q3 - q.q1) / q.med)::numeric, 4) ELSE 0 END AS spread
       FROM q JOIN kept k ON k.item_code = q.item_code AND k.outlet_type = q.outlet_type
     ), written AS (
       INSERT INTO best_prices (country_code, item_code, outlet_type, estimated_price, spread, flagged,
                                invoices, trimmed, computed_at)
       SELECT $1, item_code, outlet_type, price, spread, spread > $5::numeric, n, n - k, now() FROM est
       ON CONFLICT (country_code, item_code, outlet_type) DO UPDATE SET
         estimated_price = EXCLUDED.estimated_price, spread = EXCLUDED.spread, flagged = EXCLUDED.flagged,
         invoices = EXCLUDED.invoices, trimmed = EXCLUDED.trimmed, computed_at = EXCLUDED.computed_at
       RETURNING 1
     )
     SELECT count(*)::text AS n FROM written`,
    [market, asOf, BEST_PRICE_WINDOW_DAYS, BEST_PRICE_FENCE, BEST_PRICE_SPREAD_FLAG],
  );
  await tx.query(
    `DELETE FROM best_prices WHERE country_code = $1 AND estimated_price IS NULL AND override_price IS NULL`,
    [market],
  );
  return Number(rows[0]?.n ?? 0);
}
