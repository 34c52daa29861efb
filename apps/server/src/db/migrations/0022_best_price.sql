-- Estimated Best Price (issue 15; docs/decisions.md, "Estimated Best Price"): the recommended selling
-- price per item and outlet type of a market, recomputed from the last 90 days' net invoice prices
-- (modules/best-price/recompute.ts) so the list reads one small table; an admin's override sits beside
-- the estimate and a recompute never touches it.
CREATE TABLE best_prices (
  country_code text NOT NULL REFERENCES countries (code),
  item_code text NOT NULL REFERENCES products (item_code),
  outlet_type text NOT NULL,
  -- The estimate (null when no usable invoice line is left in the window).
  estimated_price numeric(14, 2),
  -- IQR / median of all prices, and whether it is above the flag threshold.
  spread numeric(10, 4) NOT NULL DEFAULT 0,
  flagged boolean NOT NULL DEFAULT false,
  invoices integer NOT NULL DEFAULT 0,
  trimmed integer NOT NULL DEFAULT 0,
  computed_at timestamptz,
  override_price numeric(14, 2) CHECK (override_price > 0),
  override_by text REFERENCES users (id),
  override_at timestamptz,
  PRIMARY KEY (country_code, item_code, outlet_type)
);
CREATE INDEX best_prices_flagged_idx ON best_prices (country_code, flagged);
