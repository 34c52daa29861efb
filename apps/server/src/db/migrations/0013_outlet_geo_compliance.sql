-- Outlet Geo-Compliance (issue 12) keeps its check in outlets.geo_compliance (since 0001), so this
-- number holds no schema change; it keeps the migration numbers without gaps.
SELECT 1;
