/**
 * The daily summary tables dashboards read instead of visits and invoice lines. They are derived
 * data: refreshSummaries rebuilds a date range (or everything) from the source tables with
 * INSERT ... SELECT ... GROUP BY, so it works after the seed and after any other load.
 *
 * Invoice lines are grouped per order first, then per outlet-day (outlet_daily_sales), and the
 * salesman-day totals are summed from those: plain hash aggregates, no count(DISTINCT).
 *
 * ECO support (migration 0005): per salesman-day, the outlets billed for the first time in the
 * calendar month by that salesman, and outlet_shared_billing for outlets two or more salesmen billed
 * in a month. Both depend on the whole month, so a refresh recomputes them for every month it
 * touches. Rows go in in date order, as a daily load appends them, so a period's rows sit together.
 */
import type { Database, Queryable } from '../client.js';

export interface SummaryRange {
  /** First day included, 'YYYY-MM-DD' or a Date (its UTC date). Omitted: from the beginning. */
  from?: string | Date;
  /** Last day included. Omitted: to the end. */
  to?: string | Date;
}

const asDay = (value: string | Date | undefined): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : value.toISOString().slice(0, 10);

const inRange = (column: string) =>
  `($1::date IS NULL OR ${column} >= $1::date) AND ($2::date IS NULL OR ${column} <= $2::date)`;

/** The calendar months the range touches, whole. */
const inMonths = (column: string) =>
  `($1::date IS NULL OR ${column} >= date_trunc('month', $1::date)::date)
   AND ($2::date IS NULL OR ${column} < (date_trunc('month', $2::date) + interval '1 month')::date)`;

/** Per salesman, outlet and month: the first day billed (`firsts`), over the months touched. */
const FIRSTS = `firsts AS (
       SELECT salesman_id, outlet_id, date_trunc('month', sales_date)::date AS month,
              min(sales_date) AS first_day, min(country_code) AS country_code
       FROM outlet_daily_sales WHERE ${inMonths('sales_date')}
       GROUP BY salesman_id, outlet_id, date_trunc('month', sales_date)
     )`;

export async function refreshSummariesWith(tx: Queryable, range: SummaryRange = {}): Promise<void> {
  const params = [asDay(range.from), asDay(range.to)];
  // Room for the hash aggregates; SET LOCAL ends with the transaction.
  await tx.query(`SET LOCAL work_mem = '64MB'`);
  await tx.query(`DELETE FROM salesman_daily_kpis WHERE ${inRange('kpi_date')}`, params);
  await tx.query(`DELETE FROM outlet_daily_sales WHERE ${inRange('sales_date')}`, params);
  await tx.query(
    `INSERT INTO outlet_daily_sales
       (outlet_id, salesman_id, sales_date, country_code, dt_code, gsv, returns, bills, lines)
     SELECT outlet_id, salesman_id, invoice_date, min(country_code), min(dt_code),
            sum(gsv), sum(returns), count(*), sum(lines)
     FROM (
       SELECT order_id, outlet_id, salesman_id, invoice_date, min(country_code) AS country_code,
              min(dt_code) AS dt_code, sum(amount) AS gsv, sum(return_amount) AS returns, count(*) AS lines
       FROM invoice_lines WHERE ${inRange('invoice_date')}
       GROUP BY order_id, outlet_id, salesman_id, invoice_date
     ) per_order
     GROUP BY outlet_id, salesman_id, invoice_date
     ORDER BY min(country_code), invoice_date`,
    params,
  );
  await tx.query(
    `WITH v AS (
       SELECT salesman_id, visit_date AS d, min(country_code) AS country_code, min(dt_code) AS dt_code,
              count(*) FILTER (WHERE planned) AS planned_calls,
              count(*) FILTER (WHERE actual) AS actual_calls,
              count(*) FILTER (WHERE productive) AS productive_calls
       FROM visits WHERE ${inRange('visit_date')}
       GROUP BY salesman_id, visit_date
     ), s AS (
       SELECT salesman_id, sales_date AS d, min(country_code) AS country_code, min(dt_code) AS dt_code,
              sum(bills) AS bills, count(*) AS outlets_billed, sum(lines) AS lines,
              sum(gsv) AS gsv, sum(returns) AS returns
       FROM outlet_daily_sales WHERE ${inRange('sales_date')}
       GROUP BY salesman_id, sales_date
     ), ${FIRSTS}, f AS (
       SELECT salesman_id, first_day AS d, count(*) AS outlets_first_billed
       FROM firsts WHERE ${inRange('first_day')}
       GROUP BY salesman_id, first_day
     )
     INSERT INTO salesman_daily_kpis
       (salesman_id, kpi_date, country_code, dt_code, planned_calls, actual_calls, productive_calls,
        bills, outlets_billed, lines, gsv, returns, outlets_first_billed)
     SELECT coalesce(v.salesman_id, s.salesman_id), coalesce(v.d, s.d),
            coalesce(v.country_code, s.country_code), coalesce(v.dt_code, s.dt_code),
            coalesce(v.planned_calls, 0), coalesce(v.actual_calls, 0), coalesce(v.productive_calls, 0),
            coalesce(s.bills, 0), coalesce(s.outlets_billed, 0), coalesce(s.lines, 0),
            coalesce(s.gsv, 0), coalesce(s.returns, 0), coalesce(f.outlets_first_billed, 0)
     FROM v FULL JOIN s ON s.salesman_id = v.salesman_id AND s.d = v.d
     LEFT JOIN f ON f.salesman_id = coalesce(v.salesman_id, s.salesman_id) AND f.d = coalesce(v.d, s.d)
     ORDER BY 3, 2`,
    params,
  );
  // Days of the touched months outside the range: a bill added or removed in the range can move an
  // outlet's first day of the month.
  if (params[0] !== null || params[1] !== null) {
    await tx.query(
      `WITH ${FIRSTS}, f AS (
         SELECT salesman_id, first_day AS d, count(*)::int AS n FROM firsts GROUP BY salesman_id, first_day
       )
       UPDATE salesman_daily_kpis k SET outlets_first_billed = coalesce(f.n, 0)
       FROM salesman_daily_kpis k2 LEFT JOIN f ON f.salesman_id = k2.salesman_id AND f.d = k2.kpi_date
       WHERE k.salesman_id = k2.salesman_id AND k.kpi_date = k2.kpi_date
         AND ${inMonths('k.kpi_date')} AND NOT (${inRange('k.kpi_date')})
         AND k.outlets_first_billed IS DISTINCT FROM coalesce(f.n, 0)`,
      params,
    );
  }
  await tx.query(`DELETE FROM outlet_shared_billing WHERE ${inMonths('month')}`, params);
  await tx.query(
    `WITH ${FIRSTS}
     INSERT INTO outlet_shared_billing (outlet_id, salesman_id, month, country_code, first_day)
     SELECT outlet_id, salesman_id, month, country_code, first_day
     FROM (SELECT *, count(*) OVER (PARTITION BY outlet_id, month) AS salesmen FROM firsts) per_salesman
     WHERE salesmen > 1`,
    params,
  );
}

/** Rebuilds salesman_daily_kpis and outlet_daily_sales for the range, in one transaction. */
export async function refreshSummaries(db: Database, range: SummaryRange = {}): Promise<void> {
  await db.transaction((tx) => refreshSummariesWith(tx, range));
}
