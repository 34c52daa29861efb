-- Usage events, faster to take in (issue 13, "Speed"): the events log no longer checks each event's market
-- against countries with a foreign key. Every event reaches usage_events through the inbox move, which joins
-- countries for the market's time zone (an unknown market stores nothing), and the request's market is one
-- of the contracts' codes; the per-row check cost about a sixth of the move. The sender's foreign key stays
-- (a deleted sender's inbox row is set aside as failed; ON DELETE SET NULL keeps the log).
ALTER TABLE usage_events DROP CONSTRAINT IF EXISTS usage_events_market_fkey;
