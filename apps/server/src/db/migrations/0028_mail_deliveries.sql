-- Mails sent by the job 'email.send' (docs/reliability.md, "Jobs: running twice"): one row per job,
-- checked before sending and written once the mail is handed over (with the development outbox's row in
-- the same transaction), so a job retried after its process died does not send the mail again.
-- Rows older than a week are removed by the hourly 'auth.purge' job.
CREATE TABLE mail_deliveries (
  job_id text PRIMARY KEY,
  sent_at timestamptz NOT NULL
);
CREATE INDEX mail_deliveries_sent_idx ON mail_deliveries (sent_at);
