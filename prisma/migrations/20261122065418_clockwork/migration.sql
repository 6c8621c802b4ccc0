-- AlterTable
ALTER TABLE "game_snapshots" ADD COLUMN     "next_due_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "mail_digest" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "mail_diplomacy" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "mail_payout" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "mail_reminder" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "mail_window_open" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "reminder_hours" INTEGER NOT NULL DEFAULT 3;

-- CreateTable
CREATE TABLE "calendar_work" (
    "campaign_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "due_at" TIMESTAMP(3) NOT NULL,
    "done_at" TIMESTAMP(3) NOT NULL,
    "outcome" TEXT NOT NULL,

    CONSTRAINT "calendar_work_pkey" PRIMARY KEY ("campaign_id","kind","period")
);

-- CreateTable
CREATE TABLE "outbox_mails" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "user_id" UUID,
    "recipient" TEXT NOT NULL,
    "to_address" TEXT,
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "dropped_at" TIMESTAMP(3),
    "last_error" TEXT,

    CONSTRAINT "outbox_mails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "calendar_work_campaign_id_due_at_idx" ON "calendar_work"("campaign_id", "due_at");

-- CreateIndex
CREATE INDEX "outbox_mails_sent_at_next_attempt_at_idx" ON "outbox_mails"("sent_at", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_mails_campaign_id_recipient_kind_period_key" ON "outbox_mails"("campaign_id", "recipient", "kind", "period");

-- CreateIndex
CREATE INDEX "game_snapshots_next_due_at_idx" ON "game_snapshots"("next_due_at");

-- Data: running campaigns get checked by the first sweep, which sets the real next instant.
UPDATE "game_snapshots" SET "next_due_at" = "synced_until";
