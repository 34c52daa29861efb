-- State every app server must share (issue 16, docs/reliability.md "State shared between app servers").
-- Sessions, one-time codes, MFA challenges, lockouts, SSO requests, keys and jobs were in PostgreSQL
-- already; these tables hold what still lived in one process's memory.

-- Rate-limit counters (the sign-in family of calls, usage-event batches): one row per limited route and
-- client key, a fixed window each. Expired rows are deleted now and then by whoever counts.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at);

-- Secrets every process must agree on and that no operator sets: made by the first process that needs
-- one (INSERT … ON CONFLICT DO NOTHING), read by the others. Today the development identity provider's
-- client secret, cookie keys and signing key.
CREATE TABLE shared_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The development identity provider's storage (oidc-provider's adapter: sessions, interactions, grants,
-- authorization codes, tokens), so a sign-in started on one app server finishes on another.
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at);

-- Replica reads (DATABASE_READ_URL): after a user's write, their reads stay on the primary until
-- `until`, so they see their own change whichever app server answers.
CREATE TABLE read_pins (
  user_id text PRIMARY KEY,
  until timestamptz NOT NULL
);
