-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('setup', 'draft', 'running', 'paused', 'finished');

-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('gm', 'player');

-- CreateTable
CREATE TABLE "campaigns" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "map_id" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL DEFAULT 'Europe/Madrid',
    "status" "CampaignStatus" NOT NULL DEFAULT 'setup',
    "week_limit" INTEGER,
    "public" BOOLEAN NOT NULL DEFAULT false,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "campaign_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "MemberRole" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("campaign_id","user_id","role")
);

-- CreateTable
CREATE TABLE "tribes" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "colour" TEXT NOT NULL,
    "weekday" TEXT NOT NULL,
    "user_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tribes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "token" TEXT NOT NULL,
    "campaign_id" UUID NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "accepted_at" TIMESTAMP(3),
    "accepted_by_id" UUID,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "game_snapshots" (
    "campaign_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "state" JSONB NOT NULL,
    "synced_until" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "game_snapshots_pkey" PRIMARY KEY ("campaign_id")
);

-- CreateTable
CREATE TABLE "campaign_events" (
    "campaign_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "week" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_events_pkey" PRIMARY KEY ("campaign_id","seq")
);

-- CreateTable
CREATE TABLE "dice_weeks" (
    "campaign_id" UUID NOT NULL,
    "week" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "commitment" TEXT NOT NULL,
    "committed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revealed_at" TIMESTAMP(3),

    CONSTRAINT "dice_weeks_pkey" PRIMARY KEY ("campaign_id","week")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "campaign_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("campaign_id","user_id","key")
);

-- CreateIndex
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

-- CreateIndex
CREATE INDEX "tribes_campaign_id_idx" ON "tribes"("campaign_id");

-- CreateIndex
CREATE UNIQUE INDEX "tribes_campaign_id_weekday_key" ON "tribes"("campaign_id", "weekday");

-- CreateIndex
CREATE UNIQUE INDEX "tribes_campaign_id_name_key" ON "tribes"("campaign_id", "name");

-- CreateIndex
CREATE INDEX "invitations_campaign_id_idx" ON "invitations"("campaign_id");

-- CreateIndex
CREATE INDEX "campaign_events_campaign_id_week_idx" ON "campaign_events"("campaign_id", "week");
