-- Books for e-readers (docs/decisions/0342): the user's Send to Kindle address and whether each
-- digest's book goes there too; files attached to mail in the local mailbox.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "kindleEmail" TEXT,
ADD COLUMN "kindleWithDigest" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "MailboxAttachment" (
    "id" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentBase64" TEXT NOT NULL,

    CONSTRAINT "MailboxAttachment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MailboxAttachment_messageId_idx" ON "MailboxAttachment"("messageId");

-- AddForeignKey
ALTER TABLE "MailboxAttachment" ADD CONSTRAINT "MailboxAttachment_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "MailboxMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;
