-- Imports (issue 11, the import pipeline of lib/imports/): one row per uploaded file, from intake to
-- the applied result. The preview (counts and the first errors), the result counts and the whole-file
-- message are JSON in the contracts' shapes (importPreviewSchema, codedMessageSchema).
CREATE TABLE imports (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  kind text NOT NULL,
  market text NOT NULL,
  uploader_id text NOT NULL,
  session_id text,
  -- The name the admin chose, and the stored name (timestamp suffix, lower-case extension).
  original_name text NOT NULL,
  stored_name text NOT NULL,
  original_file_id text NOT NULL,
  error_file_id text,
  state text NOT NULL DEFAULT 'queued'
    CHECK (state IN ('queued', 'parsing', 'validated', 'applying', 'applied', 'rejected', 'failed')),
  progress_done integer NOT NULL DEFAULT 0,
  progress_total integer,
  preview jsonb,
  result jsonb,
  message jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  validated_at timestamptz,
  applied_at timestamptz
);
CREATE INDEX imports_market_kind_idx ON imports (market, kind, created_at DESC);
