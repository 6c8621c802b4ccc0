-- The tribe index serves only questions about orders played and windows missed (the roster,
-- the profile, the reminders): it indexes only those rows, so that an order's effects and
-- the calendar's events add no entry to it (#32: fewer bytes written per order).
DROP INDEX "campaign_events_campaign_id_tribe_idx";
CREATE INDEX "campaign_events_campaign_id_tribe_idx" ON "campaign_events"("campaign_id", "tribe") WHERE "played" OR "type" = 'window.missed';
