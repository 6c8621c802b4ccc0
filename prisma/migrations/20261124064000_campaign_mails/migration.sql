-- AlterTable
ALTER TABLE "users" ADD COLUMN     "mail_campaign" BOOLEAN NOT NULL DEFAULT true;
