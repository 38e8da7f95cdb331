-- An email change waits for the new address's owner to confirm it (docs/decisions/0141).
ALTER TABLE "User" ADD COLUMN "pendingEmail" TEXT,
ADD COLUMN "pendingEmailTokenHash" TEXT,
ADD COLUMN "pendingEmailExpires" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "User_pendingEmailTokenHash_key" ON "User"("pendingEmailTokenHash");
