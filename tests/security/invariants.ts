import { BUILT_IN_CATEGORIES, categoryKey, MAX_CATEGORIES_PER_LINK } from "@/lib/categories/rules";
import { getDb } from "@/lib/db/client";
import { MAX_URL_LENGTH } from "@/lib/links/url";
import { categorySchema } from "@/lib/categories/schemas";
import { isValidTimeZone } from "@/lib/time/time-zones";
import { MAX_NOTES_LENGTH } from "@/lib/links/schemas";

// What must hold in the database whatever requests came before: checked with SQL where the
// database can say it, in TypeScript where the app's own rules (case folding, time zones) decide.

export type Invariant = { name: string; check: () => Promise<unknown[]> };

const sql = <T>(query: TemplateStringsArray, ...values: unknown[]) => getDb().$queryRaw<T[]>(query, ...values);

const BUILT_IN_KEYS = new Set(BUILT_IN_CATEGORIES.map(categoryKey));

/** A name as the app stores it: valid, trimmed, NFC. */
function isStoredCategoryName(name: string): boolean {
  const parsed = categorySchema.safeParse({ name });
  return parsed.success && parsed.data.name === name;
}

function duplicates<T>(items: T[], key: (item: T) => string): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const item of items) {
    const value = key(item);
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

export const INVARIANTS: Invariant[] = [
  {
    name: "every link has an existing owner",
    check: () => sql`SELECT l.id FROM "Link" l LEFT JOIN "User" u ON u.id = l."userId" WHERE u.id IS NULL LIMIT 5`,
  },
  {
    name: `no link has more than ${MAX_CATEGORIES_PER_LINK} categories, or none`,
    check: () =>
      sql`SELECT id, categories FROM "Link" WHERE cardinality(categories) > ${MAX_CATEGORIES_PER_LINK} OR cardinality(categories) = 0 LIMIT 5`,
  },
  {
    name: "a link's primary category is its first",
    check: () => sql`SELECT id, category, categories FROM "Link" WHERE categories[1] IS DISTINCT FROM category LIMIT 5`,
  },
  {
    name: "a link's categories are valid names, distinct ignoring case",
    check: async () => {
      const links = await getDb().link.findMany({ select: { id: true, categories: true } });
      return links.filter(
        (link) => !link.categories.every(isStoredCategoryName) || duplicates(link.categories, categoryKey).length > 0,
      );
    },
  },
  {
    name: `a link's URL is http(s), at most ${MAX_URL_LENGTH} characters; notes at most ${MAX_NOTES_LENGTH}`,
    check: () => sql`
      SELECT id, left(url, 80) AS url FROM "Link"
      WHERE url !~ '^https?://' OR char_length(url) > ${MAX_URL_LENGTH} OR char_length(coalesce(notes, '')) > ${MAX_NOTES_LENGTH}
      LIMIT 5`,
  },
  {
    name: "no user has two categories with the same lower(name)",
    check: () => sql`
      SELECT "userId", lower(name) AS name, count(*)::int AS count FROM "Category"
      GROUP BY "userId", lower(name) HAVING count(*) > 1 LIMIT 5`,
  },
  {
    name: "no user has two categories equal under the app's case folding, and none shadows a built-in",
    check: async () => {
      const categories = await getDb().category.findMany({ select: { userId: true, name: true, nameKey: true } });
      const byUser = new Map<string, typeof categories>();
      for (const category of categories)
        byUser.set(category.userId, [...(byUser.get(category.userId) ?? []), category]);
      const repeated = [...byUser.values()].flatMap((own) => duplicates(own, (category) => categoryKey(category.name)));
      const wrong = categories.filter(
        (category) =>
          category.nameKey !== categoryKey(category.name) ||
          BUILT_IN_KEYS.has(category.nameKey) ||
          !isStoredCategoryName(category.name),
      );
      return [...repeated, ...wrong];
    },
  },
  {
    name: "counters are never negative",
    check: () => sql`
      SELECT 'user' AS kind, id FROM "User" WHERE "referralMonthsEarned" < 0 OR "invitesGranted" < 0
      UNION ALL SELECT 'delivery', id FROM "DigestDelivery" WHERE "linkCount" < 0 OR attempts < 0
      UNION ALL SELECT 'rate limit', key FROM "RateLimit" WHERE count < 1
      LIMIT 5`,
  },
  {
    name: "referral months match the inviter's claimed invitations; nobody holds more invitations than granted",
    check: () => sql`
      SELECT u.id, u."referralMonthsEarned", u."invitesGranted",
        (SELECT count(*)::int FROM "Invitation" i WHERE i."inviterId" = u.id AND i.status = 'used') AS used,
        (SELECT count(*)::int FROM "Invitation" i WHERE i."inviterId" = u.id) AS created
      FROM "User" u
      WHERE u."referralMonthsEarned" <> (SELECT count(*) FROM "Invitation" i WHERE i."inviterId" = u.id AND i.status = 'used')
         OR u."invitesGranted" < (SELECT count(*) FROM "Invitation" i WHERE i."inviterId" = u.id)
      LIMIT 5`,
  },
  {
    // A claimer's account deletion sets recipientId to null by design (the inviter keeps the used
    // invitation); the fuzzer deletes only accounts that never claim, so here every used one has its claimer.
    name: "a used invitation has its claimer (not the inviter) and a time; an available one has neither; codes are URL-safe",
    check: () => sql`
      SELECT id, status, "recipientId", "usedAt" FROM "Invitation"
      WHERE (status = 'used' AND ("recipientId" IS NULL OR "usedAt" IS NULL))
         OR (status = 'available' AND ("recipientId" IS NOT NULL OR "usedAt" IS NOT NULL))
         OR "recipientId" = "inviterId"
         OR code !~ '^[A-Za-z0-9_-]{10,64}$'
      LIMIT 5`,
  },
  {
    name: "no two accounts share an address ignoring case",
    check: () =>
      sql`SELECT lower(email) AS email, count(*)::int AS count FROM "User" GROUP BY lower(email) HAVING count(*) > 1 LIMIT 5`,
  },
  {
    name: "digest settings are well-formed (hours 0-23, days 0-6, one weekly day, a custom day at least, no schedule when off)",
    check: () => sql`
      SELECT id, "emailFrequency", "emailTime", "emailDays", "nextDigestAt" FROM "User"
      WHERE "emailTime" NOT BETWEEN 0 AND 23
         OR EXISTS (SELECT 1 FROM unnest("emailDays") AS d WHERE d NOT BETWEEN 0 AND 6)
         OR ("emailFrequency" = 'weekly' AND cardinality("emailDays") <> 1)
         OR ("emailFrequency" = 'custom' AND cardinality("emailDays") < 1)
         OR ("emailFrequency" = 'none' AND "nextDigestAt" IS NOT NULL)
      LIMIT 5`,
  },
  {
    name: "time zones are valid IANA names; per-day hours are day 0-6 -> hour 0-23",
    check: async () => {
      const users = await getDb().user.findMany({ select: { id: true, timezone: true, emailHours: true } });
      return users.filter(({ timezone, emailHours }) => {
        const hoursOk =
          typeof emailHours === "object" &&
          emailHours !== null &&
          !Array.isArray(emailHours) &&
          Object.entries(emailHours).every(
            ([day, hour]) =>
              /^[0-6]$/.test(day) && Number.isInteger(hour) && typeof hour === "number" && hour >= 0 && hour <= 23,
          );
        return !isValidTimeZone(timezone) || !hoursOk;
      });
    },
  },
];

/** Every invariant that does not hold, with up to five offending rows each. */
export async function violatedInvariants(): Promise<{ name: string; rows: unknown[] }[]> {
  const violated: { name: string; rows: unknown[] }[] = [];
  for (const invariant of INVARIANTS) {
    const rows = await invariant.check();
    if (rows.length > 0) violated.push({ name: invariant.name, rows: rows.slice(0, 5) });
  }
  return violated;
}
