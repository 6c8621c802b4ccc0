-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "gm_mail" TEXT;
