import "server-only";
import { z } from "zod";
import type { ArticleResponse } from "@/lib/articles/response";
import type { ApiTokenResponse } from "@/lib/auth/api-tokens";
import type { SaveAddressResponse } from "@/lib/inbound-mail/save-address";
import type { SubscriptionInfo } from "@/lib/billing/subscription-info";
import type { SendNowResult } from "@/lib/digests/send-now";
import { HIGHLIGHT_COLORS } from "@/lib/highlights/rules";
import { ERROR_CODES } from "@/lib/http/error-codes";
import type { HighlightResponse } from "@/lib/highlights/response";
import type { InvitationCheck, InvitationResponse, InvitationsResponse } from "@/lib/invitations/response";
import type { LinkResponse } from "@/lib/links/response";
import type { ReadingStatsResponse } from "@/lib/stats/response";
import type { UserResponse } from "@/lib/users/response";

// The shapes the API answers, as zod schemas for the API document. Each is checked against the type
// of the function that builds the answer (lib/links/response.ts and the like) when the project is
// type-checked: a field added to or dropped from a builder fails the build until it is described
// here. The contract test checks the answers themselves against the rendered document.

/** Both ways: the schema's output is the builder's type, no field more or less. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

function describes<Built>() {
  return <S extends z.ZodType>(schema: S & (Same<z.output<S>, Built> extends true ? unknown : never)): S => schema;
}

const timestamp = z.iso.datetime().meta({ description: "A time in UTC, ISO 8601." });
const nullableTimestamp = timestamp.nullable();

export const errorSchema = z
  .object({
    code: z.enum(ERROR_CODES).meta({ description: "Stable: branch on this. The codes are listed in the reference." }),
    message: z.string().meta({ description: "For people: the app shows it as is. It may be reworded." }),
    requestId: z.string().optional().meta({ description: "Only on a 500: the id of the server's log line." }),
  })
  .meta({ id: "Error", description: "Every /api error answer." });

export const linkSchema = describes<LinkResponse>()(
  z
    .object({
      id: z.string(),
      url: z.string().meta({ description: "The stored, normalised address." }),
      title: z.string().nullable(),
      description: z.string().nullable(),
      siteName: z.string().nullable(),
      faviconUrl: z.string().nullable(),
      notes: z.string().nullable(),
      category: z.string().meta({ description: "The primary category: the first of `categories`." }),
      categories: z.array(z.string()).meta({ description: "One to three category names." }),
      createdAt: timestamp,
      readAt: nullableTimestamp,
      readingMinutes: z.number().int().nullable().meta({ description: "Null until the article is extracted." }),
      remindOn: z.iso.date().nullable().meta({
        description: "The day the link comes back (YYYY-MM-DD, the owner's time zone); null without a reminder.",
      }),
      archivedAt: nullableTimestamp.meta({
        description: 'When the link was set aside ("Not interested"); null when it is not archived.',
      }),
    })
    .meta({ id: "Link" }),
);

export const linkListSchema = z.array(linkSchema);

export const savedLinkSchema = z.object({
  success: z.literal(true),
  /** true when the address was already saved today: the answer is that link (200), not a new one (201) */
  alreadySaved: z.boolean(),
  link: linkSchema,
});

export const offlineSyncSchema = z
  .object({
    keep: z.number().int().meta({ description: "How many of the newest unread links are kept." }),
    total: z.number().int().meta({ description: "How many there are (at most `keep`)." }),
    cursor: z.string().meta({
      description:
        "Send it as `since` next time. One hash per bucket (32 of 6 characters); a device may replace a bucket's hash with `------` to be sent that bucket again.",
    }),
    buckets: z
      .array(
        z.object({
          bucket: z.number().int().min(0).max(31),
          links: z.array(
            z.object({ id: z.string(), title: z.string(), savedAt: z.iso.datetime(), version: z.string() }),
          ),
        }),
      )
      .meta({
        description:
          "The buckets whose links differ from the cursor's, each with all its links, newest first: a link the device holds in such a bucket and not listed is no longer kept.",
      }),
  })
  .meta({ id: "OfflineSync" });

export const categorySchema = z.object({ id: z.string(), name: z.string() }).meta({ id: "Category" });

export const categoryNamesSchema = z
  .array(z.string())
  .meta({ description: "Every category name found on the caller's links." });

export const highlightSchema = describes<HighlightResponse>()(
  z
    .object({
      id: z.string(),
      linkId: z.string(),
      quote: z.string().meta({ description: "The highlighted text." }),
      prefix: z.string().meta({ description: "The text just before it when it was made (may be empty)." }),
      suffix: z.string().meta({ description: "The text just after it (may be empty)." }),
      start: z.number().int().nullable().meta({ description: "Its offset in the article's text, if sent." }),
      end: z.number().int().nullable(),
      note: z.string().nullable(),
      color: z.enum(HIGHLIGHT_COLORS),
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .meta({ id: "Highlight" }),
);

export const highlightListSchema = z
  .object({ highlights: z.array(highlightSchema).meta({ description: "In the order they were made." }) })
  .meta({ id: "HighlightList" });

export const successSchema = z.object({ success: z.literal(true) });

const count = z.number().int().min(0);

export const readingStatsSchema = describes<ReadingStatsResponse>()(
  z
    .object({
      weeks: z
        .array(
          z.object({
            week: z.iso.date().meta({ description: "The week's Monday, in the caller's time zone." }),
            saved: count.meta({ description: "Links saved in the week." }),
            read: count.meta({ description: "Links read in the week, whenever they were saved." }),
          }),
        )
        .meta({ description: "The last 12 weeks, oldest first; the last is the current week, so far." }),
    })
    .meta({ id: "ReadingStats" }),
);

export const articleSchema = describes<ArticleResponse>()(
  z
    .discriminatedUnion("status", [
      z.object({ status: z.literal("pending") }),
      z.object({
        status: z.literal("unavailable"),
        reason: z.string().nullable().meta({ description: "Why the page is no article; null for older rows." }),
      }),
      z.object({
        status: z.literal("ready"),
        title: z.string().nullable(),
        byline: z.string().nullable(),
        siteName: z.string().nullable(),
        excerpt: z.string().nullable(),
        lang: z.string().nullable(),
        dir: z.enum(["ltr", "rtl"]).nullable(),
        publishedTime: z.string().nullable(),
        contentHtml: z.string().meta({ description: "Sanitised HTML of the article." }),
        wordCount: z.number().int(),
        readingMinutes: z.number().int(),
      }),
    ])
    .meta({ id: "Article" }),
);

export const pendingArticleSchema = z.object({ status: z.literal("pending") });

const frequencySchema = z.enum(["daily", "weekly", "custom", "none"]);

export const userSchema = describes<UserResponse>()(
  z
    .object({
      id: z.string(),
      email: z.string(),
      pendingEmail: z
        .string()
        .nullable()
        .meta({ description: "An address waiting for its confirmation; `email` stays in use until then." }),
      username: z.string().nullable(),
      accountType: z.enum(["free", "pro"]),
      inTrial: z.boolean(),
      emailFrequency: frequencySchema,
      emailTime: z.number().int().meta({ description: "The digest hour, 0-23, in `timezone`." }),
      emailDays: z.array(z.number().int()).meta({ description: "Weekdays, 0 (Sunday) to 6." }),
      emailHours: z.record(z.string(), z.number().int()).meta({ description: 'Weekday ("0"-"6") to hour.' }),
      timezone: z.string(),
      rediscoverCount: z
        .number()
        .int()
        .meta({ description: 'Older unread links each digest brings back "From your stash", 0 to 5 (0: none).' }),
      digestWithoutNewLinks: z
        .boolean()
        .meta({ description: "Whether a digest day with no new links still sends when links come back." }),
      digestHighlights: z
        .boolean()
        .meta({ description: "Whether each digest shows a few of the highlights made in the last 7 days." }),
      digest: z
        .object({ title: z.string(), text: z.string(), note: z.string().nullable() })
        .meta({ description: "What the plan actually sends, in words." }),
      onboarded: z.boolean(),
      createdAt: timestamp,
      trialEndsAt: nullableTimestamp,
      proUntil: nullableTimestamp,
      referralMonthsEarned: z.number().int(),
    })
    .meta({ id: "User" }),
);

export const authCheckSchema = z.object({ isAuthenticated: z.boolean() });

export const onboardedSchema = z.object({ success: z.literal(true), pendingEmail: z.string().nullable() });

export const subscriptionSchema = describes<SubscriptionInfo>()(
  z.object({
    accountType: z.enum(["free", "pro"]),
    referralMonthsEarned: z.number().int(),
    inTrial: z.boolean(),
    trialEndsAt: nullableTimestamp,
    subscriptionEndsAt: nullableTimestamp,
  }),
);

export const redirectUrlSchema = z.object({ url: z.string().meta({ description: "Where to send the browser." }) });

export const checkoutSchema = z.object({ url: z.string().nullable() });

export const apiTokenSchema = describes<ApiTokenResponse>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      prefix: z.string().meta({ description: "The first characters of the secret, to tell tokens apart." }),
      createdAt: timestamp,
      lastUsedAt: nullableTimestamp,
    })
    .meta({ id: "ApiToken" }),
);

export const createdApiTokenSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().meta({ description: "The token itself (`lsk_…`): shown this once, never again." }),
});

const invitationSchema = describes<InvitationResponse>()(
  z
    .object({
      id: z.string(),
      code: z.string(),
      status: z.enum(["available", "used"]),
      recipientEmail: z.string().nullable(),
      recipientId: z.string().nullable(),
      recipientName: z.string().nullable(),
      createdAt: timestamp,
      usedAt: nullableTimestamp,
    })
    .meta({ id: "Invitation" }),
);

export const invitationsSchema = describes<InvitationsResponse>()(
  z.object({ availableInvites: z.number().int(), invitations: z.array(invitationSchema) }),
);

export const createdInvitationSchema = z.object({
  success: z.literal(true),
  invitation: invitationSchema,
  emailStatus: z.enum(["none", "sent", "failed"]).meta({ description: "Whether the invitation was emailed." }),
});

export const invitationCheckSchema = describes<InvitationCheck>()(
  z.object({ valid: z.boolean(), message: z.string() }),
);

export const messageSchema = z.object({ message: z.string() });

export const sendNowSchema = describes<SendNowResult>()(
  z.object({
    success: z
      .boolean()
      .meta({ description: "False when nothing was sent (no unread links today, or the day's allowance used)." }),
    message: z.string(),
  }),
);

export const unsubscribedSchema = z.object({ success: z.literal(true), message: z.string() });

export const importLineSchema = z
  .object({
    bytesRead: z.number().int(),
    processed: z.number().int(),
    imported: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    done: z.literal(true).optional(),
    format: z.string().nullable().optional(),
    problems: z.array(z.object({ line: z.number().int(), reason: z.string() })).optional(),
    error: z.string().nullable().optional(),
  })
  .meta({
    description:
      "One line of the NDJSON answer: progress after each batch, then the summary (`done: true`, the format read, up to 20 problems and an `error` when the import stopped).",
  });

export const dispatchSchema = z.object({
  due: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
  continuations: z.number().int(),
});

export const continuationSchema = z.object({ started: z.boolean() });

export const saveAddressSchema = describes<SaveAddressResponse>()(
  z
    .object({
      address: z
        .string()
        .meta({ description: "The caller's private save address: mail sent or forwarded to it is saved." }),
      fromAnySender: z.boolean().meta({
        description: "Whether mail from any sender is saved; otherwise only from the account's own address.",
      }),
    })
    .meta({ id: "SaveAddress" }),
);

export const inboundSavedSchema = z.object({
  received: z.literal(true),
  saved: z
    .enum(["link", "newsletter"])
    .meta({ description: "What the mail saved: its link, or the newsletter itself." }),
  linkId: z.string(),
});

export const webhookSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["applied", "duplicate", "ignored"]),
});

const bytes = z.number().int().positive();

const processMemorySchema = z
  .object({
    rssBytes: bytes.meta({ description: "Resident memory of the server process (what the system counts)." }),
    heapUsedBytes: bytes.meta({ description: "JavaScript heap in use." }),
    heapTotalBytes: bytes.meta({ description: "JavaScript heap reserved." }),
  })
  .meta({ description: "The answering process's memory, in bytes, when it answered." });

export const healthSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("ok"),
    database: z.literal("reachable"),
    version: z.string(),
    memory: processMemorySchema,
  }),
  z.object({
    status: z.literal("degraded"),
    database: z.literal("unreachable"),
    version: z.string(),
    memory: processMemorySchema,
    code: z.literal("unavailable"),
    message: z.string(),
  }),
]);

export const livenessSchema = z.object({ status: z.literal("ok") });

export const nextAuthJsonSchema = z
  .looseObject({})
  .meta({ description: "next-auth's own answer: the session, a CSRF token, the providers, or a redirect address." });

export const exportJsonSchema = z
  .looseObject({ links: z.array(z.looseObject({ url: z.string() })) })
  .meta({ description: "A LinkStash JSON export: every link with its title, notes, categories and dates." });

export const documentSchema = z.looseObject({}).meta({ description: "This OpenAPI 3.1 document." });

export const kindleSettingsAnswerSchema = z.object({
  kindleEmail: z.string().nullable().meta({ description: "The caller's Send to Kindle address, or null." }),
  kindleWithDigest: z.boolean().meta({ description: "Whether each digest's links are also mailed there as a book." }),
  from: z.string().meta({
    description:
      "The address the caller's books come from, theirs alone: Amazon delivers only from senders the Kindle's owner approved.",
  }),
});

export const kindleSentSchema = z.object({
  sent: z.literal(true),
  to: z.string().meta({ description: "The Kindle address the book was mailed to." }),
  bytes: z.number().int().meta({ description: "The book's size." }),
  title: z.string(),
});
