-- Usage events stored as one row per request (issue 13, "Speed"): the log keeps each batch as it came
-- (the inbox row, its events as a JSON array) instead of one row per event, so moving a batch costs one
-- row and one sender check, not twenty. The rollups are computed from the batches set-based; the usage
-- page reads only the rollups. `usage_events` becomes a view that lists the log one event a row, so
-- whatever read the per-event table reads the same columns.

-- id: the inbox row's id (a batch is moved once: a second move of the same row cannot insert it again);
-- the events stored before this migration get negative ids below every batch, in their old order.
CREATE TABLE usage_event_log (
  id bigint PRIMARY KEY,
  market text NOT NULL,
  received_at timestamptz NOT NULL,
  -- The signed-in user as the server knows them; null before sign-in or once the user is deleted
  -- (the foreign key is added after the old rows are moved in: one check of them all, not one each).
  user_id text,
  role text,
  -- The batch's events as the web sent them (event, at, screen, deviceType, browser, os, deviceModel,
  -- properties): the enableGTM rule already applied, identity never taken from here.
  events jsonb NOT NULL
);

-- The per-event rows stored so far, moved into the log: one row per market, time received and sender
-- (what one request's batch shared), at most 500 events a row, in their order.
INSERT INTO usage_event_log (id, market, received_at, user_id, role, events)
SELECT min(id) - 1000000000000000, market, received_at, user_id, role,
       jsonb_agg(jsonb_build_object('event', event, 'at', at, 'screen', screen, 'deviceType', device_type,
                                    'browser', browser, 'os', os, 'deviceModel', device_model,
                                    'properties', properties) ORDER BY id)
FROM (
  SELECT u.*, (row_number() OVER (PARTITION BY market, received_at, user_id, role ORDER BY id) - 1) / 500 AS part
  FROM usage_events u
) e
GROUP BY market, received_at, user_id, role, part;

ALTER TABLE usage_event_log
  ADD CONSTRAINT usage_event_log_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;

DROP TABLE usage_events;

-- The log one event a row (the old table's columns). id orders the events as they were taken in.
CREATE VIEW usage_events AS
SELECT l.id * 1000 + e.n AS id, l.market, (e.v ->> 'at')::timestamptz AS at, l.received_at,
       e.v ->> 'event' AS event, e.v ->> 'screen' AS screen, l.user_id, l.role,
       e.v ->> 'deviceType' AS device_type, e.v ->> 'browser' AS browser, e.v ->> 'os' AS os,
       e.v ->> 'deviceModel' AS device_model, coalesce(e.v -> 'properties', '{}'::jsonb) AS properties
FROM usage_event_log l
CROSS JOIN LATERAL jsonb_array_elements(l.events) WITH ORDINALITY AS e(v, n);
