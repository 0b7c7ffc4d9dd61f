-- Issue 28: the rate-limit counters are counted on every call (each lookup writes one), and
-- each commit that wrote WAL waited for its flush to disk. A counter needs no durability: an
-- unlogged table writes no WAL, so counting a hit no longer waits for the disk. After a crash
-- of PostgreSQL (not a clean restart) the table starts empty, and a standby does not copy it:
-- the windows then start over, at most one window (a minute, a day for the daily quotas)
-- more for an address than its limit.
ALTER TABLE rate_limit_hits SET UNLOGGED;
