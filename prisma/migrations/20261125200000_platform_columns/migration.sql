-- The platform keeps its own facts (#26): what it reads of a game is copied into columns at
-- each save, from the game's own view, and SQL never reads inside a game's state or payload.

-- AlterTable
ALTER TABLE "game_snapshots" ADD COLUMN     "period" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ranking" JSONB;

-- AlterTable
ALTER TABLE "campaign_events" ADD COLUMN     "tribe" TEXT,
ADD COLUMN     "played" BOOLEAN NOT NULL DEFAULT false;

-- Campaigns stored before: the period and the ranking as each game's view reads them
-- (the weekday game's `week` and `ranking`, world conquest's `round` and `result`).
UPDATE "game_snapshots" SET
  "period" = COALESCE(("state"->>'week')::int, ("state"->>'round')::int, 0),
  "ranking" = CASE
    WHEN "state"->>'status' <> 'finished' THEN NULL
    WHEN "state"->>'ruleset' = 'conquest' THEN "state"->'result'->'ranking'
    ELSE COALESCE("state"->'ranking', '[]'::jsonb)
  END;

-- Events stored before: the tribe an event concerns, and whether it is an order given in a window.
UPDATE "campaign_events" SET
  "tribe" = "payload"->>'tribe',
  "played" = ("type" = 'order' AND COALESCE("payload"->'order'->>'type', '') <> 'draftPick');

-- CreateIndex
CREATE INDEX "campaign_events_campaign_id_tribe_idx" ON "campaign_events"("campaign_id", "tribe");
