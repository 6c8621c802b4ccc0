-- The week index held an entry for every event, so each order wrote one more index entry (and,
-- after a checkpoint, one more page image) per event (#32: WAL per order). It now holds only
-- the periods' end records, one a week: a reader of a week starts from the end of the week two
-- before it (the log is in time order, so nothing of a week comes before that), and reads its
-- rows by the primary key. Same name, as schema.prisma's @@index([campaignId, week]) gives it.
DROP INDEX "campaign_events_campaign_id_week_idx";
CREATE INDEX "campaign_events_campaign_id_week_idx" ON "campaign_events"("campaign_id", "week") WHERE "type" = 'map.week_ended';
