-- UCube ECO from the salesman-day summary (docs/kpis.md, "Speed"). ECO is a distinct count of outlets,
-- which does not add up across days or salesmen; counting it per request over outlet-days took most
-- of a Team View's time at volume. Instead the load records, per salesman and day, how many outlets
-- that salesman billed for the first time in the calendar month: summed over a month's days up to D
-- and over a team's salesmen, it is the team's ECO to D, except for outlets billed by two or more of
-- its salesmen in the month, which it counts once per salesman. Those outlets are few and listed in
-- outlet_shared_billing with each salesman's first day, so the query takes the surplus away exactly.
ALTER TABLE salesman_daily_kpis ADD COLUMN outlets_first_billed integer NOT NULL DEFAULT 0;

CREATE TABLE outlet_shared_billing (
  outlet_id bigint NOT NULL REFERENCES outlets (id),
  salesman_id bigint NOT NULL REFERENCES salesmen (id),
  month date NOT NULL,
  country_code text NOT NULL,
  first_day date NOT NULL,
  PRIMARY KEY (outlet_id, month, salesman_id)
);
CREATE INDEX outlet_shared_billing_salesman_month_idx ON outlet_shared_billing (salesman_id, month);

-- Existing data (seed/summaries.ts keeps both up to date from here on).
WITH firsts AS (
  SELECT salesman_id, min(sales_date) AS first_day
  FROM outlet_daily_sales
  GROUP BY salesman_id, outlet_id, date_trunc('month', sales_date)
)
UPDATE salesman_daily_kpis k SET outlets_first_billed = f.n
FROM (SELECT salesman_id, first_day, count(*)::int AS n FROM firsts GROUP BY salesman_id, first_day) f
WHERE k.salesman_id = f.salesman_id AND k.kpi_date = f.first_day;

INSERT INTO outlet_shared_billing (outlet_id, salesman_id, month, country_code, first_day)
SELECT outlet_id, salesman_id, month, country_code, first_day
FROM (
  SELECT outlet_id, salesman_id, date_trunc('month', sales_date)::date AS month,
         min(country_code) AS country_code, min(sales_date) AS first_day,
         count(*) OVER (PARTITION BY outlet_id, date_trunc('month', sales_date)) AS salesmen
  FROM outlet_daily_sales
  GROUP BY outlet_id, salesman_id, date_trunc('month', sales_date)
) per_salesman
WHERE salesmen > 1;
