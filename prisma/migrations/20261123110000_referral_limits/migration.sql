-- Referral limits (docs/decisions/0163): an inviter earns at most a capped number of months a
-- year, counted from the claims that rewarded them, and one mailbox claims one invitation.

-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "inviterRewarded" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ClaimedMailbox" (
    "mailboxHash" TEXT NOT NULL,
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClaimedMailbox_pkey" PRIMARY KEY ("mailboxHash")
);

-- Every claim so far rewarded its inviter.
UPDATE "Invitation" SET "inviterRewarded" = true WHERE "status" = 'used';

-- The mailboxes of the claims so far, as lib/invitations/mailbox-identity.ts spells them: lower
-- case, "+tag" dropped from the local part, Gmail's dots dropped and googlemail.com read as gmail.com.
WITH addresses AS (
  SELECT lower(btrim(u."email")) AS address, i."usedAt"
  FROM "Invitation" i JOIN "User" u ON u."id" = i."recipientId"
  WHERE i."status" = 'used'
), parts AS (
  SELECT
    CASE WHEN position('+' IN local) > 1 THEN split_part(local, '+', 1) ELSE local END AS local,
    CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN 'gmail.com' ELSE domain END AS domain,
    "usedAt"
  FROM (
    SELECT regexp_replace(address, '@[^@]*$', '') AS local, rtrim(regexp_replace(address, '^.*@', ''), '.') AS domain, "usedAt"
    FROM addresses WHERE position('@' IN address) > 1
  ) split
)
INSERT INTO "ClaimedMailbox" ("mailboxHash", "claimedAt")
SELECT
  encode(sha256(convert_to(CASE WHEN domain = 'gmail.com' THEN replace(local, '.', '') ELSE local END || '@' || domain, 'UTF8')), 'hex'),
  min(COALESCE("usedAt", CURRENT_TIMESTAMP))
FROM parts
GROUP BY 1
ON CONFLICT DO NOTHING;
