-- Merchandizing reference images (issue 15, Add Images; docs/admin.md "Merchandizing images").
--
-- One row per stored image, keyed by market + Display ID (no foreign key to merch_displays: a display
-- belongs to set versions, an image to the Display ID across them). A display's new image replaces
-- the old one: the old row gets replaced_at and stays, with its files, as history; the current image
-- is the row with replaced_at NULL (at most one per market and Display ID).
CREATE TABLE merch_images (
  id text PRIMARY KEY,
  country_code text NOT NULL REFERENCES countries (code),
  display_id text NOT NULL,
  -- File store keys (generated names: merch/<market>/<uuid>.jpg and ..._thumb.jpg).
  image_key text NOT NULL,
  thumb_key text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  thumb_width integer NOT NULL,
  thumb_height integer NOT NULL,
  thumb_bytes integer NOT NULL,
  -- What was uploaded: the entry's name in the zip and its type by content (jpeg, png, webp).
  original_name text NOT NULL,
  source_type text NOT NULL,
  import_id text REFERENCES imports (id),
  uploaded_by text REFERENCES users (id),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  replaced_at timestamptz
);
CREATE UNIQUE INDEX merch_images_current_idx ON merch_images (country_code, display_id) WHERE replaced_at IS NULL;
CREATE INDEX merch_images_import_idx ON merch_images (import_id);

-- The match report of each Add Images upload (the import row holds state, progress and message).
CREATE TABLE merch_image_uploads (
  import_id text PRIMARY KEY REFERENCES imports (id),
  country_code text NOT NULL REFERENCES countries (code),
  entries integer NOT NULL DEFAULT 0,
  stored integer NOT NULL DEFAULT 0,
  replaced integer NOT NULL DEFAULT 0,
  problems jsonb NOT NULL DEFAULT '[]'::jsonb,
  problem_count integer NOT NULL DEFAULT 0,
  images_without_display jsonb NOT NULL DEFAULT '[]'::jsonb,
  finished_at timestamptz
);
