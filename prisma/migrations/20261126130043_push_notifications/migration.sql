-- #30: notifications reach devices by Web Push as well as by mail: a switch per kind, one
-- subscription row per device, and the outbox row remembers that its push went out.
-- AlterTable
ALTER TABLE "outbox_mails" ADD COLUMN     "pushed_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "push_campaign" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "push_digest" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "push_diplomacy" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "push_invitations" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "push_payout" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "push_reminder" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "push_window_open" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "push_subscriptions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_pushed_at" TIMESTAMP(3),

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");

-- CreateIndex
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");
