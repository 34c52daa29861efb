-- Upload speed (issue 11, docs/admin.md "Speed"): an Outlet Status change (the bulk upload, the page's
-- save) updates only outlets.is_online, a column in no index. PostgreSQL can then update the row as a
-- HOT update (a new version on the same page, no new entry in any of the table's 5 indexes), but only
-- when the page has room for it: outlets' pages were filled to 100%, so every status change wrote 5
-- index entries. Fill factor 50 leaves half of each page free, room for every row of a page to change
-- in one statement (the old versions are not reclaimable until the statement's transaction ends).
--
-- is_online must stay out of every index of outlets (an INCLUDE column counts too), or no status
-- change is HOT again. The table grows to about twice its pages.
--
-- CLUSTER rewrites the pages already there with the new fill factor (VACUUM FULL would too, but it
-- cannot run inside a migration's transaction; CLUSTER with a table and index can, on PostgreSQL and
-- PGlite). On a new database the table is empty and the seed's bulk load fills pages to 50% already.
ALTER TABLE outlets SET (fillfactor = 50);
CLUSTER outlets USING outlets_pkey;
ALTER TABLE outlets SET WITHOUT CLUSTER;
