-- Import leases (issue 11, "a job whose process died is retried or marked failed with a message"): the
-- server process that validates ('parsing') or applies ('applying') an upload holds the import by a lease
-- (`locked_by` = its worker id, `locked_until`), renewed while it works. An import still 'parsing' or
-- 'applying' after its lease ran out was left by a process that died: modules/files/recovery.ts settles it
-- ('applied' when its apply transaction committed, otherwise 'failed' with a message).
ALTER TABLE imports ADD COLUMN locked_by text;
ALTER TABLE imports ADD COLUMN locked_until timestamptz;
