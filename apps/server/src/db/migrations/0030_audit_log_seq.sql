-- The order of entries written in one transaction. `at` is the transaction's now(), so two entries of one
-- change (admin configuration writes a flag entry and a domain-list entry together) tie, and ordering the
-- tie by the random id showed them in either order. `seq` is taken from a sequence at insert time, so it
-- follows the order of writing. Expand-only and cheap on a large log: the column is added without a
-- default (no table rewrite), then given one; older rows keep NULL and sort after newer ones of the same
-- instant (NULLS LAST), and code that does not know the column inserts as before.
CREATE SEQUENCE audit_log_seq;
ALTER TABLE audit_log ADD COLUMN seq bigint;
ALTER TABLE audit_log ALTER COLUMN seq SET DEFAULT nextval('audit_log_seq');
ALTER SEQUENCE audit_log_seq OWNED BY audit_log.seq;
