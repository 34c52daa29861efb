-- Usage events (issue 13, spec sections 3 and 7): an append-only log of what people open and do,
-- indexed by market and time, and a daily rollup kept in the same transaction as each batch so the
-- usage page never scans the raw events: events per day, market, event and role, and who was active.

CREATE TABLE usage_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL REFERENCES countries (code),
  -- When it happened on the device, and when the server stored it.
  at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  event text NOT NULL,
  screen text NOT NULL,
  -- The signed-in user as the server knows them (never taken from the client); null before sign-in.
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  role text,
  device_type text NOT NULL,
  browser text,
  os text,
  device_model text,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX usage_events_market_at_idx ON usage_events (market, at);

-- Events a day (in the market's time zone) per market, event and role ('' before sign-in).
CREATE TABLE usage_daily (
  day date NOT NULL,
  market text NOT NULL,
  event text NOT NULL,
  role text NOT NULL,
  events integer NOT NULL,
  PRIMARY KEY (day, market, event, role)
);

-- Who was active on a day: daily, weekly and monthly active users are distinct counts of these.
CREATE TABLE usage_daily_users (
  day date NOT NULL,
  market text NOT NULL,
  user_id text NOT NULL,
  role text NOT NULL,
  PRIMARY KEY (day, market, user_id)
);
CREATE INDEX usage_daily_users_market_day_idx ON usage_daily_users (market, day);
