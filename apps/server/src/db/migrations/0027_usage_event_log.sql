-- Usage events stored as one row per request (issue 13, "Speed"): the log keeps each batch as it came
-- (the inbox row, its events as a JSON array) instead of one row per event, so moving a batch costs one
-- row and one sender check, not twenty. The rollups are computed from the batches set-based; the usage
-- page reads only the rollups.
--
-- Expand only (docs/deployment.md, "Upgrading without downtime"): during a rolling upgrade old app
-- servers still INSERT into the table `usage_events`, so it stays exactly as it was, with its rows; no
-- row is moved here. A later contract release moves the old rows into the log in batches and drops the
-- table (docs/usage.md). Until then `usage_events_all` lists both one event a row.

-- id: the inbox row's id (a batch is moved once: a second move of the same row cannot insert it again).
CREATE TABLE usage_event_log (
  id bigint PRIMARY KEY,
  market text NOT NULL,
  received_at timestamptz NOT NULL,
  -- The signed-in user as the server knows them; null before sign-in or once the user is deleted.
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  role text,
  -- The batch's events as the web sent them (event, at, screen, deviceType, browser, os, deviceModel,
  -- properties): the enableGTM rule already applied, identity never taken from here.
  events jsonb NOT NULL
);

-- Every event one a row, old and new, with the table's columns. The table's rows keep their ids
-- (bigserial: 1, 2, ...). A log event's id is 2^62 + the log row's id * 1000 + its place in the batch
-- (a batch holds at most 50 events, USAGE_BATCH_MAX_EVENTS): above any id the table's sequence reaches
-- in practice, so the two never collide, and ordering by id lists the old rows first, then the log in the
-- order it was taken in (positive and ascending, so "ORDER BY id" keeps meaning "as taken in").
CREATE VIEW usage_events_all AS
SELECT u.id, u.market, u.at, u.received_at, u.event, u.screen, u.user_id, u.role, u.device_type,
       u.browser, u.os, u.device_model, u.properties
FROM usage_events u
UNION ALL
SELECT 4611686018427387904 + l.id * 1000 + e.n AS id, l.market, (e.v ->> 'at')::timestamptz AS at,
       l.received_at, e.v ->> 'event' AS event, e.v ->> 'screen' AS screen, l.user_id, l.role,
       e.v ->> 'deviceType' AS device_type, e.v ->> 'browser' AS browser, e.v ->> 'os' AS os,
       e.v ->> 'deviceModel' AS device_model, coalesce(e.v -> 'properties', '{}'::jsonb) AS properties
FROM usage_event_log l
CROSS JOIN LATERAL jsonb_array_elements(l.events) WITH ORDINALITY AS e(v, n);
