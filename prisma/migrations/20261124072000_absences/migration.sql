-- CreateTable
CREATE TABLE "absences" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "tribe_id" UUID NOT NULL,
    "declared_by_id" UUID NOT NULL,
    "starts_on" DATE NOT NULL,
    "ends_on" DATE NOT NULL,
    "note" TEXT,
    "stand_in_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "absences_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "absences_campaign_id_stand_in_id_idx" ON "absences"("campaign_id", "stand_in_id");
