-- AlterTable
ALTER TABLE "users" ADD COLUMN     "mail_invitations" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "mail_opt_outs" (
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_opt_outs_pkey" PRIMARY KEY ("address")
);
