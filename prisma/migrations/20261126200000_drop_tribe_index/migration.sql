-- Every order added an entry to the tribe index (and, after a checkpoint, wrote one more index
-- page whole) for questions asked by pages and by a window's close (#32: WAL per order). A
-- window's close now asks only the rows after the end of the week two before (the week index
-- of period ends bounds them), and the roster, the profile and the GM inbox read one campaign's
-- log by its primary key.
DROP INDEX "campaign_events_campaign_id_tribe_seq_idx";
