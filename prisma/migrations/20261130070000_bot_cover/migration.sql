-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "bot_absent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "bot_after_missed" INTEGER;
