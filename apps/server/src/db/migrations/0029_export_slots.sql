-- Per-user export slots shared by every app server (issue 16; lib/export-limits.ts SharedExportSlots):
-- a row per running export, deleted when the export ends. The process running it renews `expires_at`
-- (every third of a 60 s lease); a process that dies stops renewing, and its rows are dropped by the
-- next count of that user once expired.
CREATE TABLE export_slots (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  holder text NOT NULL,
  started_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX export_slots_user_idx ON export_slots (user_id, expires_at);
