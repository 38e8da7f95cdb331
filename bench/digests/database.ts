// The digest benchmark's database steps, each in a process of its own (the embedded database has one
// owner at a time, and the configuration is read once per process):
//
//   seed --users N --links L   migrate, then N onboarded users due a minute ago with L links each,
//                              written by generate_series in chunks of 100,000 users (no loop per row)
//     --old-links O --rediscover R
//                              besides, O unread links per user saved from 3 weeks to about 2 years
//                              before, over 5 categories, and R links from the stash per digest; the
//                              users' previous digest a week before, so the old links are not new
//   migrate                    the migrations not applied yet (a copy of a kept seeding)
//   due --users N --due K      only K of the N users stay due, spread evenly over the table; the
//                              others are never due (nextDigestAt infinity), so a run sends K
//                              digests against a table of N users
//   verify                     what the delivery rows say after a run, as one JSON line
import { parseArgs } from "node:util";
import { closeDb, getDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    users: { type: "string", default: "0" },
    links: { type: "string", default: "3" },
    "old-links": { type: "string", default: "0" },
    rediscover: { type: "string", default: "3" },
    due: { type: "string" },
  },
});

const CHUNK = 100_000;

async function seed(users: number, links: number, oldLinks: number, rediscover: number): Promise<void> {
  await migrate();
  const db = getDb();
  const due = new Date(Date.now() - 60_000);
  const trialEnds = new Date(due.getTime() + 10 * 86_400_000);
  const weekday = due.getUTCDay();
  // Without old links the users have had no digest yet, as before links came back: the first covers everything.
  const cursor = oldLinks > 0 ? new Date(due.getTime() - 7 * 86_400_000) : null;
  for (let from = 1; from <= users; from += CHUNK) {
    const to = Math.min(users, from + CHUNK - 1);
    await db.$executeRaw`
      INSERT INTO "User" (id, email, onboarded, "emailFrequency", "emailDays", "emailHours", timezone,
        "trialEndsAt", "nextDigestAt", "digestCursor", "rediscoverCount", "updatedAt")
      SELECT 'bench-user-' || g, 'reader-' || g || '@bench.example', true, 'weekly', ARRAY[${weekday}::int],
        jsonb_build_object(${String(weekday)}::text, ${due.getUTCHours()}::int), 'UTC', ${trialEnds}, ${due},
        ${cursor}::timestamp, ${rediscover}::int, ${due}
      FROM generate_series(${from}::int, ${to}::int) AS g`;
    if (links > 0) {
      await db.$executeRaw`
        INSERT INTO "Link" (id, "userId", url, title, "createdAt")
        SELECT 'bench-link-' || g || '-' || i, 'bench-user-' || g, 'https://site.example/' || g || '/' || i,
          'Link ' || i, ${due}::timestamp - make_interval(mins => i + 1)
        FROM generate_series(${from}::int, ${to}::int) AS g, generate_series(0, ${links - 1}::int) AS i`;
    }
    if (oldLinks > 0) {
      await db.$executeRaw`
        INSERT INTO "Link" (id, "userId", url, title, categories, "createdAt")
        SELECT 'bench-old-' || g || '-' || i, 'bench-user-' || g, 'https://old.example/' || g || '/' || i,
          'Old link ' || i, ARRAY['Category ' || (i % 5)], ${due}::timestamp - make_interval(days => 21 + i * 13)
        FROM generate_series(${from}::int, ${to}::int) AS g, generate_series(0, ${oldLinks - 1}::int) AS i`;
    }
  }
  await db.$executeRawUnsafe(`VACUUM ANALYZE "User"`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "Link"`);
  console.log(JSON.stringify({ seeded: users, due: due.toISOString() }));
}

async function limitDue(users: number, due: number): Promise<void> {
  const every = Math.max(1, Math.floor(users / due));
  await getDb().$executeRaw`
    UPDATE "User" SET "nextDigestAt" = 'infinity'
    WHERE id LIKE 'bench-user-%' AND (substr(id, 12)::int % ${every}::int <> 0 OR substr(id, 12)::int / ${every}::int > ${due}::int)`;
  await getDb().$executeRawUnsafe(`VACUUM ANALYZE "User"`);
}

/**
 * Digests per second over the first and the last fifth of the deliveries sent, by their sentAt: a
 * dispatcher that slows down as a run goes on (rather than with the table's size) shows here.
 */
async function paceByFifth(): Promise<{ firstFifthPerSecond?: number; lastFifthPerSecond?: number }> {
  const rows = await getDb().$queryRaw<{ fifth: number; digests: number; seconds: number }[]>`
    SELECT fifth, count(*)::int AS digests,
      EXTRACT(EPOCH FROM max("sentAt") - min("sentAt"))::float8 AS seconds
    FROM (SELECT "sentAt", ntile(5) OVER (ORDER BY "sentAt") AS fifth
          FROM "DigestDelivery" WHERE status = 'sent' AND "sentAt" IS NOT NULL) s
    WHERE fifth IN (1, 5) GROUP BY fifth`;
  const pace = (fifth: number) => {
    const row = rows.find((candidate) => candidate.fifth === fifth);
    return row && row.seconds > 0 ? Math.round(row.digests / row.seconds) : undefined;
  };
  return { firstFifthPerSecond: pace(1), lastFifthPerSecond: pace(5) };
}

async function verify(): Promise<void> {
  const [row] = await getDb().$queryRaw<
    { users: number; sent: number; lost: number; repeated: number; queued: number; due: number; cameBack: number }[]
  >`
    SELECT
      (SELECT count(*)::int FROM "DigestItem" i JOIN "DigestDelivery" d ON d.id = i."deliveryId"
        WHERE d.status = 'sent') AS "cameBack",
      (SELECT count(*)::int FROM "User" WHERE "nextDigestAt" < 'infinity') AS users,
      (SELECT count(*)::int FROM "DigestDelivery" WHERE kind = 'scheduled' AND status = 'sent') AS sent,
      (SELECT count(*)::int FROM "User" u WHERE u."nextDigestAt" < 'infinity' AND NOT EXISTS (
        SELECT 1 FROM "DigestDelivery" d WHERE d."userId" = u.id AND d.status = 'sent')) AS lost,
      (SELECT count(*)::int FROM (
        SELECT "userId" FROM "DigestDelivery" WHERE status = 'sent' GROUP BY "userId" HAVING count(*) > 1) r) AS repeated,
      (SELECT count(*)::int FROM "DigestDelivery" WHERE status IN ('pending', 'sending')) AS queued,
      (SELECT count(*)::int FROM "User" WHERE "nextDigestAt" <= now() AT TIME ZONE 'UTC') AS due`;
  console.log(JSON.stringify({ ...row, ...(await paceByFifth()) }));
}

if (positionals[0] === "seed")
  await seed(Number(values.users), Number(values.links), Number(values["old-links"]), Number(values.rediscover));
else if (positionals[0] === "migrate") await migrate();
else if (positionals[0] === "due") await limitDue(Number(values.users), Number(values.due));
else if (positionals[0] === "verify") await verify();
else
  throw new Error(
    "usage: database.ts seed --users N --links L [--old-links O --rediscover R] | migrate | due --users N --due K | verify",
  );
await closeDb();
