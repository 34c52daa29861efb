-- Admin configuration (issue 13): admins edit each market's feature flags in countries.flags, read by the
-- server through lib/market-flags.ts (merged over the contracts' defaults). The column must stay a JSON
-- object so a bad write cannot turn every flag back to its default silently. Who changed a flag and when
-- is read from audit_log (tool 'adminConfiguration'), served by migration 0009's
-- (market, tool, target, at DESC) index; the cache is keyed on the data version (docs/decisions.md).
UPDATE countries SET flags = '{}'::jsonb WHERE jsonb_typeof(flags) IS DISTINCT FROM 'object';
ALTER TABLE countries ADD CONSTRAINT countries_flags_object CHECK (jsonb_typeof(flags) = 'object');
