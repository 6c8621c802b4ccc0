-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_confirmed_at" TIMESTAMP(3);

-- The accounts made before addresses were confirmed keep their mail: each has been mailed before.
UPDATE "users" SET "email_confirmed_at" = "created_at";
