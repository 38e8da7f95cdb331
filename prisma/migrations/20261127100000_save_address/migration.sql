-- Save by email (docs/decisions/0325): each user's private save address, made on first use, and
-- whether mail to it is saved from any sender.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "saveAddressKey" TEXT,
ADD COLUMN "saveMailFromAnySender" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "User_saveAddressKey_key" ON "User"("saveAddressKey");
