-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'weekly-turn',
ADD COLUMN     "ruleset_version" INTEGER NOT NULL DEFAULT 1;
