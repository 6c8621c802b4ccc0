-- #30: unread counts per scene, and scene mails dropped once their messages are read.
-- CreateTable
CREATE TABLE "scene_reads" (
    "campaign_id" UUID NOT NULL,
    "scene_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "read_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "scene_reads_pkey" PRIMARY KEY ("scene_id","user_id")
);

-- CreateIndex
CREATE INDEX "scene_reads_campaign_id_user_id_idx" ON "scene_reads"("campaign_id", "user_id");
