-- AlterTable
ALTER TABLE "tribes" ADD COLUMN     "bot_reason" TEXT;
