-- AlterTable
ALTER TABLE "game_snapshots" ADD COLUMN     "state_seq" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "state_version" INTEGER NOT NULL DEFAULT 0;

-- A stored state holds every event logged so far: its tail starts after the last of them.
UPDATE "game_snapshots" s
   SET "state_seq" = COALESCE((SELECT max(e."seq") FROM "campaign_events" e WHERE e."campaign_id" = s."campaign_id"), 0),
       "state_version" = s."version";

-- A state too big for a row of 2 kB is compressed and moved out of the row (into its TOAST
-- table) rather than kept whole in it (the 8160 of 20261123200000): an order then updates a row
-- of a few dozen bytes that points at the state, instead of copying the state each time.
ALTER TABLE "game_snapshots" SET (toast_tuple_target = 128);
