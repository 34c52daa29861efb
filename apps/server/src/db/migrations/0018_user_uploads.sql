-- User access bulk upload and Add Salesman BG Mapping (issue 13). The uploads themselves need no table
-- of their own (they go through `imports`, `stored_files` and `audit_log`); the BG mapping does: the
-- business groups a salesman is mapped to, with who changed it and when (the change is also audited).
CREATE TABLE salesman_business_groups (
  salesman_id bigint NOT NULL REFERENCES salesmen (id) ON DELETE CASCADE,
  business_group text NOT NULL CHECK (business_group IN ('Distributor', 'New Channel', 'Ice Cream')),
  updated_by text REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (salesman_id, business_group)
);
