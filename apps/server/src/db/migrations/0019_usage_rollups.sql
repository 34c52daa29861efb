-- Usage page rollups (issue 13): everything the admins' usage page shows is read from small tables
-- kept in step with each batch of events (modules/usage/queries.ts, one statement), never from the
-- raw log, so the page answers in the same time over ten thousand or ten million events.

-- What was opened, viewed, downloaded and uploaded, a day (the market's day) per market:
--   kind 'screen'   item = the screen's path                 (the screen-opening events)
--   kind 'report'   item = the report's name, detail = its category   (reportView)
--   kind 'download' item = the report or admin tool, detail = the format, amount = rows   (download)
--   kind 'upload'   item = the admin tool, detail = the step (upload, apply, downloadErrors)   (upload)
--   kind 'event'    item = the event's name                                     (every event)
CREATE TABLE usage_daily_items (
  market text NOT NULL,
  day date NOT NULL,
  kind text NOT NULL,
  item text NOT NULL,
  detail text NOT NULL,
  events integer NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (market, day, kind, item, detail)
);

-- The same a calendar month: a period of a year reads its whole months here and only the days at its
-- two ends from usage_daily_items.
CREATE TABLE usage_monthly_items (
  market text NOT NULL,
  month date NOT NULL,
  kind text NOT NULL,
  item text NOT NULL,
  detail text NOT NULL,
  events integer NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (market, month, kind, item, detail)
);

-- Who was active in a week (starting Monday) or a calendar month: the weekly and monthly active users
-- are counted when a person is first seen in the period, as the daily ones are in usage_daily_users.
CREATE TABLE usage_period_users (
  period text NOT NULL CHECK (period IN ('week', 'month')),
  market text NOT NULL,
  start date NOT NULL,
  user_id text NOT NULL,
  role text NOT NULL,
  PRIMARY KEY (period, market, start, user_id)
);

-- Active users per day, week and month, market and role (the role of the person's first event in
-- the period): a counter raised only by rows newly added to usage_daily_users / usage_period_users.
CREATE TABLE usage_active_counts (
  market text NOT NULL,
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  start date NOT NULL,
  role text NOT NULL,
  users integer NOT NULL,
  PRIMARY KEY (market, period, start, role)
);

-- The events stored before this migration, rolled up the same way.
INSERT INTO usage_daily_items (market, day, kind, item, detail, events, amount)
SELECT e.market, e.day, i.kind, i.item, i.detail, count(*), sum(i.amount)
FROM (
  SELECT u.market, (u.at AT TIME ZONE c.time_zone)::date AS day, u.event, u.screen, u.properties
  FROM usage_events u JOIN countries c ON c.code = u.market
) e
CROSS JOIN LATERAL (VALUES
  (CASE WHEN e.event IN ('homepage', 'reportView', 'teamView', 'teamDetails', 'distributorView',
                         'distributorDetails', 'kpiView', 'kpiDetails', 'trackingView', 'adminView') THEN 'screen' END,
   left(e.screen, 200), '', 0::bigint),
  (CASE WHEN e.event = 'reportView' AND e.properties ->> 'name' IS NOT NULL THEN 'report' END,
   left(e.properties ->> 'name', 200), coalesce(left(e.properties ->> 'category', 60), ''), 0::bigint),
  (CASE WHEN e.event = 'download' THEN 'download' END,
   left(coalesce(e.properties ->> 'reportType', e.properties ->> 'tool', ''), 200),
   coalesce(left(e.properties ->> 'format', 20), ''),
   CASE WHEN jsonb_typeof(e.properties -> 'rows') = 'number' THEN (e.properties ->> 'rows')::numeric::bigint ELSE 0 END),
  (CASE WHEN e.event = 'upload' THEN 'upload' END,
   left(coalesce(e.properties ->> 'tool', ''), 200), coalesce(left(e.properties ->> 'step', 40), ''), 0::bigint),
  ('event', e.event, '', 0::bigint)
) AS i(kind, item, detail, amount)
WHERE i.kind IS NOT NULL
GROUP BY e.market, e.day, i.kind, i.item, i.detail;

INSERT INTO usage_monthly_items (market, month, kind, item, detail, events, amount)
SELECT market, date_trunc('month', day)::date, kind, item, detail, sum(events), sum(amount)
FROM usage_daily_items GROUP BY market, date_trunc('month', day), kind, item, detail;

INSERT INTO usage_period_users (period, market, start, user_id, role)
SELECT DISTINCT ON (p.period, d.market, p.start, d.user_id) p.period, d.market, p.start, d.user_id, d.role
FROM usage_daily_users d
CROSS JOIN LATERAL (VALUES ('week', date_trunc('week', d.day)::date),
                           ('month', date_trunc('month', d.day)::date)) AS p(period, start)
ORDER BY p.period, d.market, p.start, d.user_id, d.day;

INSERT INTO usage_active_counts (market, period, start, role, users)
SELECT market, 'day', day, role, count(*) FROM usage_daily_users GROUP BY market, day, role
UNION ALL
SELECT market, period, start, role, count(*) FROM usage_period_users GROUP BY market, period, start, role;

-- The inbox: each POST /api/events batch as it came (one row per request, the events as JSON), the cheap
-- write the request waits for. Any process moves rows from here into usage_events and the rollups in
-- one statement (DELETE … RETURNING feeding the inserts; FOR UPDATE SKIP LOCKED between processes). A
-- row that cannot be stored is marked failed and left for a look.
CREATE TABLE usage_event_inbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL,
  received_at timestamptz NOT NULL,
  user_id text,
  role text,
  events jsonb NOT NULL,
  failed boolean NOT NULL DEFAULT false
);
