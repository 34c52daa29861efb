-- User Access (issue 13): deactivation (who and when; users.status becomes 'disabled', which the auth
-- plugin already refuses on the next call) and indexes for the list's scope and filters.
ALTER TABLE users
  ADD COLUMN deactivated_at timestamptz,
  ADD COLUMN deactivated_by text REFERENCES users (id) ON DELETE SET NULL;

-- A comma-separated field (country_codes, dt_access_codes) as an array, blanks dropped: the list reads
-- a user's markets and DT codes through it, and the GIN indexes below serve `market = ANY(...)`,
-- `<@` (DT scope) and `&&` (the DT code filter).
CREATE FUNCTION code_list(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_remove(regexp_split_to_array(btrim(coalesce(value, '')), '\s*,\s*'), ''), '{}'::text[]) $$;

CREATE INDEX users_markets_idx ON users USING gin (code_list(country_codes));
CREATE INDEX users_dt_codes_idx ON users USING gin (code_list(dt_access_codes));
CREATE INDEX users_last_login_idx ON users (last_login_at);
CREATE INDEX users_name_idx ON users (name, id);
