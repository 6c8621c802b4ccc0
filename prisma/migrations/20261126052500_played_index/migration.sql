-- The tribe index serves only questions about orders played and windows missed (the roster,
-- the profile, a window's close): it indexes only those rows, so that an order's effects and
-- the calendar's events add no entry to it (#32: fewer bytes written per order), and it ends
-- with seq, so that a tribe's last order is one index probe however long the log (a window's
-- close asks it: its cost must not grow with the campaign's age).
DROP INDEX "campaign_events_campaign_id_tribe_idx";
CREATE INDEX "campaign_events_campaign_id_tribe_seq_idx" ON "campaign_events"("campaign_id", "tribe", "seq") WHERE "played" OR "type" = 'window.missed';
