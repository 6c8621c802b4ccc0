-- AlterTable
ALTER TABLE "invitations" ADD COLUMN     "email" TEXT,
ADD COLUMN     "revoked_at" TIMESTAMP(3),
ADD COLUMN     "tribe_id" UUID;
