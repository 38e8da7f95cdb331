-- Digests at scale (docs/decisions/0220-0223): one provider rate shared by every dispatcher, and
-- a bounded number of workers a dispatch run may add. Both use timestamptz, read and written only
-- with the database's clock, so instances whose clocks differ still agree.

-- CreateTable
CREATE TABLE "MailRate" (
    "transport" TEXT NOT NULL,
    "nextAt" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "MailRate_pkey" PRIMARY KEY ("transport")
);

-- CreateTable
CREATE TABLE "DigestWorker" (
    "slot" INTEGER NOT NULL,
    "leaseId" TEXT,
    "leasedUntil" TIMESTAMPTZ(6),

    CONSTRAINT "DigestWorker_pkey" PRIMARY KEY ("slot")
);
