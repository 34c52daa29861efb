-- Salesman Device ID and Device Geo-Compliance (issue 12; docs/decisions.md, "Salesman devices").
--
-- Per market: whether the salesman app checks the device ID at sign-in (SM Device ID validation),
-- switched by the market's admins on /salesmandeviceid. On by default: a market that maps device IDs
-- means them to be checked.
ALTER TABLE countries ADD COLUMN sm_device_id_validation boolean NOT NULL DEFAULT true;

-- Per salesman device: whether visits must be recorded inside the outlet's radius, and the radius in
-- metres (10 m, GPS noise, to 5 km; 100 m until an admin sets one). Salesman tracking reads these.
ALTER TABLE salesmen
  ADD COLUMN geo_fence_required boolean NOT NULL DEFAULT false,
  ADD COLUMN geo_fence_radius_m integer NOT NULL DEFAULT 100
    CONSTRAINT salesmen_geo_fence_radius_check CHECK (geo_fence_radius_m BETWEEN 10 AND 5000);

-- One device ID belongs to one salesman at most (the bulk update refuses a second one by row; this
-- keeps two concurrent saves from both passing).
CREATE UNIQUE INDEX salesmen_device_id_key ON salesmen (device_id) WHERE device_id IS NOT NULL;
