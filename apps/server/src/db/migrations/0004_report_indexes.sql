-- Report pages at volume (docs/reports.md, "Speed"). A dated report lists the market's rows in a date
-- range, newest first by default, with the row id as tie-break. With (country, date, id) the first
-- page is the first entries of one backward index scan (no sort of the whole window), a keyset
-- export batch starts where the previous one ended, and the page's total is an index-only count of
-- the same range. Each replaces the (country, date) index it extends, which serves no query the
-- wider one does not.
CREATE INDEX visits_country_date_id_idx ON visits (country_code, visit_date, id);
DROP INDEX IF EXISTS visits_country_date_idx;

CREATE INDEX demand_capture_country_date_id_idx ON demand_capture (country_code, capture_date, id);
DROP INDEX IF EXISTS demand_capture_country_date_idx;

CREATE INDEX order_loss_country_date_id_idx ON order_loss (country_code, loss_date, id);
DROP INDEX IF EXISTS order_loss_country_date_idx;

CREATE INDEX dt_inventory_country_date_id_idx ON dt_inventory (country_code, snapshot_date, id);
DROP INDEX IF EXISTS dt_inventory_country_date_idx;

-- An index-only count skips the heap only on pages the visibility map marks all-visible, and only
-- VACUUM marks them. These tables mostly grow, and autovacuum's default trigger for inserts (20 %
-- of the table) leaves the newest pages, the ones a report's range reads, unmarked for weeks on a
-- big table: the count then fetches every row from the heap. Vacuum them after 1 % new rows.
ALTER TABLE visits SET (autovacuum_vacuum_insert_scale_factor = 0.01);
ALTER TABLE demand_capture SET (autovacuum_vacuum_insert_scale_factor = 0.01);
ALTER TABLE order_loss SET (autovacuum_vacuum_insert_scale_factor = 0.01);
ALTER TABLE dt_inventory SET (autovacuum_vacuum_insert_scale_factor = 0.01);
