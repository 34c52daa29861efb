-- Outlet Status (issue 11): each row of the list shows its outlet's last status change, the newest
-- 'outletStatus' audit entry whose target is the outlet code. This index makes that a one-entry read
-- per outlet instead of a scan of the market's Outlet Status entries (the export reads 100,000 rows).
CREATE INDEX audit_log_target_idx ON audit_log (market, tool, target, at DESC);
