-- CreateTable
CREATE TABLE "campaign_maps" (
    "campaign_id" UUID NOT NULL,
    "hash" TEXT NOT NULL,
    "definition" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_maps_pkey" PRIMARY KEY ("campaign_id")
);
