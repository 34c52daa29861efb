-- Admin platform (issue 11): jobs in the database, the audit log, stored files, and the per-market
-- allowed email domains of Outlet Status. Runs on PGlite and PostgreSQL alike.

-- Jobs: any server process claims the next due job with FOR UPDATE SKIP LOCKED (lib/jobs.ts). A claim
-- is a lease (locked_by, locked_until) renewed while the handler runs; a lease that runs out means the
-- process died, and the job is claimed again until max_attempts, then failed with a message.
CREATE TABLE jobs (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  -- At most one queued or running job per singleton key (recurring jobs such as the auth purge).
  singleton_key text,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  progress_done integer NOT NULL DEFAULT 0,
  progress_total integer,
  result jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state IN ('queued', 'running');
CREATE UNIQUE INDEX jobs_singleton_idx ON jobs (singleton_key)
  WHERE singleton_key IS NOT NULL AND state IN ('queued', 'running');

-- The audit log: one row per change, written in the change's transaction (lib/audit.ts). No foreign
-- keys: the record outlives the user, the session and the import it names.
CREATE TABLE audit_log (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  actor_id text NOT NULL,
  session_id text,
  market text NOT NULL,
  tool text NOT NULL,
  action text NOT NULL,
  target text,
  before jsonb,
  after jsonb,
  import_id text,
  request_id text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_market_tool_at_idx ON audit_log (market, tool, at DESC);

-- Files kept by the file store (lib/file-store.ts): uploads as received and files the server writes.
CREATE TABLE stored_files (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  market text NOT NULL,
  owner_id text,
  kind text NOT NULL,
  original_name text NOT NULL,
  stored_name text NOT NULL,
  key text NOT NULL UNIQUE,
  bytes bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_files_market_idx ON stored_files (market, created_at DESC);

-- Outlet Status is shown to admins whose email domain is one of the market's allowed domains.
ALTER TABLE countries ADD COLUMN outlet_status_email_domains text[] NOT NULL DEFAULT '{}'::text[];
UPDATE countries SET outlet_status_email_domains = ARRAY['demo.test'];
