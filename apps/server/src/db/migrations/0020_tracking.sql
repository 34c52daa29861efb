-- Salesman tracking (issue 14; docs/tracking.md).
--
-- A GPS ping the device reported as a mock (simulated) location: tracking shows it as a suspicious
-- point and never counts it as being at an outlet.
ALTER TABLE gps_points ADD COLUMN mock_location boolean NOT NULL DEFAULT false;
