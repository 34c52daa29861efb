-- Sign-in throttling per email and source (client IP), issue 9: failures of one email from one source
-- make that source wait (the wait doubles per failure), and a source that signed in to the account
-- recently is not held by the account-wide lock. Keyed by the email as typed (normalised), not the
-- user, so an unknown email is throttled exactly like a known one. Rows go 30 days after their last use.
CREATE TABLE sign_in_sources (
  email text NOT NULL,
  source text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  last_success_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (email, source)
);
CREATE INDEX sign_in_sources_updated_idx ON sign_in_sources (updated_at);

-- Replacing the authenticator ends the user's other sessions.
ALTER TABLE device_sessions DROP CONSTRAINT device_sessions_end_reason_check;
ALTER TABLE device_sessions ADD CONSTRAINT device_sessions_end_reason_check CHECK (
  end_reason IN ('logout', 'evicted', 'replaced', 'signed_out_remotely', 'password_changed', 'password_reset',
                 'refresh_reuse', 'disabled', 'expired', 'authenticator_changed')
);
