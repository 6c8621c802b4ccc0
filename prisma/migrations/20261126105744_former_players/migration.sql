-- #30: a player whose tribe is given to someone else keeps a read-only view of the campaign
-- (its map, history and dice) instead of a 404. Keyed by campaign, like every game table.
-- CreateTable
CREATE TABLE "former_players" (
    "campaign_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "tribe_id" UUID NOT NULL,
    "left_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "former_players_pkey" PRIMARY KEY ("campaign_id","user_id")
);

-- CreateIndex
CREATE INDEX "former_players_user_id_idx" ON "former_players"("user_id");
