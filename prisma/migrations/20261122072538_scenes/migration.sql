-- CreateEnum
CREATE TYPE "SceneStatus" AS ENUM ('open', 'closed');

-- CreateEnum
CREATE TYPE "ProposalStatus" AS ENUM ('open', 'accepted', 'ratified', 'rejected', 'failed', 'withdrawn');

-- CreateTable
CREATE TABLE "scenes" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "status" "SceneStatus" NOT NULL DEFAULT 'open',
    "opened_by_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMP(3),

    CONSTRAINT "scenes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scene_tribes" (
    "campaign_id" UUID NOT NULL,
    "scene_id" UUID NOT NULL,
    "tribe_id" UUID NOT NULL,

    CONSTRAINT "scene_tribes_pkey" PRIMARY KEY ("scene_id","tribe_id")
);

-- CreateTable
CREATE TABLE "scene_messages" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "scene_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "tribe_id" UUID,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "position" SERIAL NOT NULL,

    CONSTRAINT "scene_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposals" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "scene_id" UUID NOT NULL,
    "created_by_id" UUID NOT NULL,
    "tribe_id" UUID,
    "transfers" JSONB NOT NULL,
    "status" "ProposalStatus" NOT NULL DEFAULT 'open',
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMP(3),

    CONSTRAINT "proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal_answers" (
    "campaign_id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "tribe_id" UUID NOT NULL,
    "answer" TEXT NOT NULL,
    "answered_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "proposal_answers_pkey" PRIMARY KEY ("proposal_id","tribe_id")
);

-- CreateIndex
CREATE INDEX "scenes_campaign_id_idx" ON "scenes"("campaign_id");

-- CreateIndex
CREATE INDEX "scene_tribes_campaign_id_tribe_id_idx" ON "scene_tribes"("campaign_id", "tribe_id");

-- CreateIndex
CREATE INDEX "scene_messages_scene_id_position_idx" ON "scene_messages"("scene_id", "position");

-- CreateIndex
CREATE INDEX "proposals_scene_id_idx" ON "proposals"("scene_id");
