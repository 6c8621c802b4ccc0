-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "recruiting" TEXT;

-- CreateTable
CREATE TABLE "join_requests" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "tribe_name" TEXT NOT NULL,
    "weekday" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "decided_at" TIMESTAMP(3),
    "outcome" TEXT,

    CONSTRAINT "join_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "join_requests_campaign_id_user_id_key" ON "join_requests"("campaign_id", "user_id");
