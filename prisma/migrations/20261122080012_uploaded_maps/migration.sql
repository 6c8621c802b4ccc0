-- CreateTable
CREATE TABLE "uploaded_maps" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "definition" JSONB NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploaded_maps_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "uploaded_maps_created_by_id_idx" ON "uploaded_maps"("created_by_id");
