import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { DigestHighlights, type DigestEmailHighlight } from "@/emails/components/digest-highlights";
import { Fragment, type CSSProperties } from "react";
import { actionButtonStyle } from "./components/action-link";
import { colors, darkClass, EmailLayout } from "./components/email-layout";

export type DigestEmailLink = {
  title: string | null;
  url: string;
  /** The address as a reader sees it: Unicode host, escaped letters decoded (lib/links/display-url.ts). */
  shownUrl: string;
  notes: string | null;
  categories: string[];
  /** Already formatted in the reader's time zone by the caller, e.g. "Nov 21, 9:05 AM". */
  savedAt: string;
  /** For a link that came back, why, in place of the save time: "Saved a year ago today". */
  why: string | null;
  /** The signed page that marks this link read, so later digests leave it out. */
  markReadUrl: string;
  /** The signed page that brings the link back in a week. */
  snoozeUrl: string;
  /** For a link back from the stash: the signed page that sets it aside for good. */
  notInterestedUrl: string | null;
  /** The page's description or its article's excerpt. */
  excerpt: string | null;
  /** Null until the article is extracted (or when the page is not an article). */
  readingMinutes: number | null;
  /** The reader page of this link. */
  readUrl: string;
};

/** A link listed on one line, past the ones shown whole: its title (or address) and its site. */
export type DigestEmailBrief = { title: string; url: string; domain: string };

/** A feed's item, on one line: its title linked, its site, and the signed page that saves it. */
export type DigestEmailFeedItem = DigestEmailBrief & { saveUrl: string };

/** One feed's items under its name. */
export type DigestEmailFeed = { name: string; items: DigestEmailFeedItem[] };

export type DigestEmailProps = {
  heading: string;
  /** The count line: it states how many links the digest holds (lib/digests/digest-count.ts). */
  intro: string;
  /** "Back today": the links whose owner asked for them back, above the new ones. */
  reminders: DigestEmailLink[];
  /** Reminders past the ones shown whole, one line each. */
  remindersBrief?: DigestEmailBrief[];
  links: DigestEmailLink[];
  /** New links past the ones shown whole, one line each. */
  linksBrief?: DigestEmailBrief[];
  /** Links of the count not listed at all: "and N more in LinkStash", to the dashboard. */
  moreCount: number;
  /** "From your stash": older unread links brought back, after the new ones. */
  rediscovered: DigestEmailLink[];
  /** "From your feeds": items of the reader's feeds that go to the digest, by feed. */
  feeds?: DigestEmailFeed[];
  /** One line for the period the digest covers: "This week: 12 saved, 5 read, 3 came back". */
  progress: string | null;
  /** Last week's highlights, for a reader who asked for them (none otherwise). */
  highlights?: DigestEmailHighlight[];
  dashboardUrl: string;
  unsubscribeUrl: string;
};

// Every text sits on an explicit background with an explicit colour, so a client that inverts the
// message for dark mode inverts both together and the contrast survives; clients that honour
// prefers-color-scheme take the classes' dark colours (email-layout.tsx). Long URLs and titles
// without spaces must wrap at 320 px. Styles repeat on every entry (mail clients drop <style> in
// places), so an entry costs bytes: the composer keeps the whole mail under Gmail's clipping size.
const wrap: CSSProperties = { overflowWrap: "anywhere", wordBreak: "break-word" };

const badge: CSSProperties = {
  display: "inline-block",
  backgroundColor: "#eff6ff",
  color: "#1e40af",
  border: "1px solid #bfdbfe",
  borderRadius: 9999,
  fontSize: 12,
  lineHeight: "18px",
  padding: "0 8px",
  margin: "0 4px 4px 0",
};

const actionStyle: CSSProperties = { color: colors.brand, textDecoration: "underline" };
const muted12: CSSProperties = { color: colors.muted, fontSize: 12, lineHeight: "18px" };

function SectionHeading({ children }: { children: string }) {
  return (
    <Heading
      as="h2"
      className={darkClass.text}
      style={{ color: colors.text, fontSize: 17, lineHeight: "24px", margin: "20px 0 4px" }}
    >
      {children}
    </Heading>
  );
}

function LinkEntry({ link }: { link: DigestEmailLink }) {
  return (
    <Section className={darkClass.rule} style={{ borderTop: `1px solid ${colors.border}`, padding: "14px 0" }}>
      <Link
        href={link.url}
        className={darkClass.link}
        style={{
          ...wrap,
          display: "block",
          color: colors.brand,
          fontSize: 16,
          fontWeight: 600,
          lineHeight: "22px",
          textDecoration: "underline",
        }}
      >
        {link.title ?? link.shownUrl}
      </Link>
      {link.title ? (
        <Text className={darkClass.muted} style={{ ...wrap, ...muted12, margin: "2px 0 0" }}>
          {link.shownUrl}
        </Text>
      ) : null}
      {link.excerpt ? (
        <Text
          className={darkClass.muted}
          style={{ ...wrap, color: colors.muted, fontSize: 14, lineHeight: "20px", margin: "6px 0 0" }}
        >
          {link.excerpt}
        </Text>
      ) : null}
      {link.notes ? (
        <Text
          className={darkClass.text}
          style={{ ...wrap, color: colors.text, fontSize: 14, lineHeight: "20px", margin: "8px 0 0" }}
        >
          {/* <br> rather than white-space: pre-line, so the plain-text part keeps the line breaks too. */}
          {link.notes.split(/\r?\n/).map((line, index) => (
            <Fragment key={index}>
              {index > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </Text>
      ) : null}
      {link.categories.length > 0 ? (
        <Text style={{ margin: "8px 0 0", fontSize: 12, lineHeight: "18px" }}>
          {link.categories.map((category, index) => (
            <Fragment key={category}>
              {/* The space keeps the names apart in the plain-text part. */}
              {index > 0 ? " " : null}
              <span className={darkClass.badge} style={badge}>
                {category}
              </span>
            </Fragment>
          ))}
        </Text>
      ) : null}
      <Text className={darkClass.muted} style={{ ...muted12, margin: "6px 0 0" }}>
        {`${link.why ?? `Saved ${link.savedAt}`} · `}
        {link.readingMinutes ? `${link.readingMinutes} min read · ` : null}
        <Link href={link.readUrl} className={darkClass.link} style={actionStyle}>
          Read
        </Link>
        {" · "}
        <Link href={link.markReadUrl} className={darkClass.link} style={actionStyle}>
          Mark as read
        </Link>
        {" · "}
        <Link href={link.snoozeUrl} className={darkClass.link} style={actionStyle}>
          Snooze a week
        </Link>
        {link.notInterestedUrl ? (
          <>
            {" · "}
            <Link href={link.notInterestedUrl} className={darkClass.link} style={actionStyle}>
              Not interested
            </Link>
          </>
        ) : null}
      </Text>
    </Section>
  );
}

/** One line per link: its title linked, then its site, muted. */
function BriefList({ links }: { links: DigestEmailBrief[] }) {
  if (links.length === 0) return null;
  return (
    <Section className={darkClass.rule} style={{ borderTop: `1px solid ${colors.border}`, padding: "8px 0" }}>
      {links.map((link, index) => (
        <Text key={`${index}-${link.url}`} style={{ ...wrap, fontSize: 14, lineHeight: "20px", margin: "0 0 6px" }}>
          <Link href={link.url} className={darkClass.link} style={actionStyle}>
            {link.title}
          </Link>
          {/* The dot stays with the site when a phone wraps the line. */}{" "}
          <span className={darkClass.muted} style={{ color: colors.muted, fontSize: 12 }}>
            {`·\u00a0${link.domain}`}
          </span>
        </Text>
      ))}
    </Section>
  );
}

/** "From your feeds": each feed's name, then its items one line each with "Save to stash". */
function FeedSection({ feeds }: { feeds: DigestEmailFeed[] }) {
  if (feeds.length === 0) return null;
  return (
    <>
      <SectionHeading>From your feeds</SectionHeading>
      {feeds.map((feed, index) => (
        <Section
          key={`feed-${index}`}
          className={darkClass.rule}
          style={{ borderTop: `1px solid ${colors.border}`, padding: "8px 0" }}
        >
          <Text
            className={darkClass.text}
            style={{ ...wrap, color: colors.text, fontSize: 14, fontWeight: 600, margin: "0 0 6px" }}
          >
            {feed.name}
          </Text>
          {feed.items.map((item, position) => (
            <Text
              key={`${position}-${item.url}`}
              style={{ ...wrap, fontSize: 14, lineHeight: "20px", margin: "0 0 6px" }}
            >
              <Link href={item.url} className={darkClass.link} style={actionStyle}>
                {item.title}
              </Link>{" "}
              <span className={darkClass.muted} style={{ color: colors.muted, fontSize: 12 }}>
                {`·\u00a0${item.domain}\u00a0·`}
              </span>{" "}
              <Link
                href={item.saveUrl}
                className={darkClass.link}
                style={{ ...actionStyle, fontSize: 12, whiteSpace: "nowrap" }}
              >
                Save to stash
              </Link>
            </Text>
          ))}
        </Section>
      ))}
    </>
  );
}

export default function DigestEmail({
  heading,
  intro,
  reminders,
  remindersBrief = [],
  links,
  linksBrief = [],
  moreCount,
  rediscovered,
  feeds = [],
  progress,
  highlights = [],
  dashboardUrl,
  unsubscribeUrl,
}: DigestEmailProps) {
  const unsubscribe = (
    <Link href={unsubscribeUrl} className={darkClass.link} style={{ color: colors.brand, textDecoration: "underline" }}>
      Unsubscribe from digest emails
    </Link>
  );
  return (
    <EmailLayout preview={intro} footer={<>You get this email because you save links in LinkStash. {unsubscribe}</>}>
      <Heading
        as="h1"
        className={darkClass.text}
        style={{ color: colors.text, fontSize: 22, lineHeight: "28px", margin: "0 0 8px" }}
      >
        {heading}
      </Heading>
      <Text
        className={darkClass.text}
        style={{ color: colors.text, fontSize: 15, lineHeight: "22px", margin: "0 0 4px" }}
      >
        {intro}
      </Text>
      {/* Here as well as in the footer: a client that clips a long message still shows this one. */}
      <Text className={darkClass.muted} style={{ ...muted12, margin: "0 0 16px" }}>
        {unsubscribe}
      </Text>

      {reminders.length + remindersBrief.length > 0 ? <SectionHeading>Back today</SectionHeading> : null}
      {reminders.map((link, index) => (
        <LinkEntry key={`reminder-${index}-${link.url}`} link={link} />
      ))}
      <BriefList links={remindersBrief} />

      {/* The new links need a heading only when another section sits beside them. */}
      {links.length + linksBrief.length > 0 &&
      reminders.length + remindersBrief.length + rediscovered.length + feeds.length > 0 ? (
        <SectionHeading>New links</SectionHeading>
      ) : null}
      {links.map((link, index) => (
        <LinkEntry key={`${index}-${link.url}`} link={link} />
      ))}
      <BriefList links={linksBrief} />

      {moreCount > 0 ? (
        <Text
          className={`${darkClass.text} ${darkClass.rule}`}
          style={{
            borderTop: `1px solid ${colors.border}`,
            color: colors.text,
            fontSize: 14,
            lineHeight: "20px",
            margin: 0,
            padding: "14px 0 0",
          }}
        >
          <Link
            href={dashboardUrl}
            className={darkClass.link}
            style={{ color: colors.brand, fontWeight: 600, textDecoration: "underline" }}
          >
            {`and ${moreCount} more in LinkStash`}
          </Link>
        </Text>
      ) : null}

      {rediscovered.length > 0 ? <SectionHeading>From your stash</SectionHeading> : null}
      {rediscovered.map((link, index) => (
        <LinkEntry key={`rediscovered-${index}-${link.url}`} link={link} />
      ))}

      <FeedSection feeds={feeds} />

      <DigestHighlights highlights={highlights} />

      {progress ? (
        <Text
          className={`${darkClass.text} ${darkClass.rule}`}
          style={{
            borderTop: `1px solid ${colors.border}`,
            color: colors.text,
            fontSize: 14,
            lineHeight: "20px",
            margin: "16px 0 0",
            padding: "14px 0 0",
          }}
        >
          {progress}
        </Text>
      ) : null}

      <Section style={{ padding: "24px 0 0" }}>
        <Button href={dashboardUrl} className={darkClass.button} style={{ ...actionButtonStyle, fontSize: 15 }}>
          Open your dashboard
        </Button>
      </Section>
    </EmailLayout>
  );
}

const previewAction = (action: string, id: number) => `http://localhost:3000/${action}?token=preview-${id}`;

DigestEmail.PreviewProps = {
  heading: "Your LinkStash digest",
  intro:
    "Here are 8 links: 5 you saved since your last digest, and 3 that came back. Also 3 new items from your feeds.",
  reminders: [
    {
      title: "The conference talk to watch before Friday",
      url: "https://talks.example.org/2026/keynote",
      shownUrl: "https://talks.example.org/2026/keynote",
      notes: "Watch before the team meeting.",
      categories: ["Video", "Work"],
      savedAt: "Nov 2, 4:12 PM",
      why: "Saved 3 weeks ago",
      markReadUrl: previewAction("mark-read", 4),
      snoozeUrl: previewAction("snooze", 4),
      notInterestedUrl: null,
      excerpt: null,
      readingMinutes: null,
      readUrl: "http://localhost:3000/read/preview-4",
    },
  ],
  links: [
    {
      title: "How to read more and remember it",
      url: "https://example.com/articles/how-to-read-more-and-remember-it?utm_source=newsletter&utm_medium=email",
      shownUrl: "https://example.com/articles/how-to-read-more-and-remember-it?utm_source=newsletter&utm_medium=email",
      notes: "Recommended by Sam.\nThe part about spaced repetition is worth a second read.",
      categories: ["Article", "Personal"],
      savedAt: "Nov 21, 9:05 AM",
      why: null,
      markReadUrl: previewAction("mark-read", 1),
      snoozeUrl: previewAction("snooze", 1),
      notInterestedUrl: null,
      excerpt: "How a small team ships a reader view that works offline.",
      readingMinutes: 6,
      readUrl: "http://localhost:3000/read/preview-1",
    },
    {
      title: null,
      url: "https://video.example.org/watch/a-very-long-identifier-without-any-spaces-0123456789abcdefghijklmnopqrstuvwxyz",
      shownUrl:
        "https://video.example.org/watch/a-very-long-identifier-without-any-spaces-0123456789abcdefghijklmnopqrstuvwxyz",
      notes: null,
      categories: ["Video"],
      savedAt: "Nov 21, 12:40 PM",
      why: null,
      markReadUrl: previewAction("mark-read", 2),
      snoozeUrl: previewAction("snooze", 2),
      notInterestedUrl: null,
      excerpt: null,
      readingMinutes: null,
      readUrl: "http://localhost:3000/read/preview-2",
    },
    {
      title: "Release notes: version 4.0",
      url: "https://blog.example.net/release-4",
      shownUrl: "https://blog.example.net/release-4",
      notes: null,
      categories: ["Work", "News", "Tutorial"],
      savedAt: "Nov 21, 6:18 PM",
      why: null,
      markReadUrl: previewAction("mark-read", 3),
      snoozeUrl: previewAction("snooze", 3),
      notInterestedUrl: null,
      excerpt: null,
      readingMinutes: null,
      readUrl: "http://localhost:3000/read/preview-3",
    },
  ],
  linksBrief: [
    { title: "Notes on writing small tools", url: "https://tools.example.net/notes", domain: "tools.example.net" },
  ],
  moreCount: 1,
  rediscovered: [
    {
      title: "A field guide to sourdough",
      url: "https://bread.example.com/field-guide",
      shownUrl: "https://bread.example.com/field-guide",
      notes: null,
      categories: ["Cooking"],
      savedAt: "Nov 26, 7:30 AM",
      why: "Saved a year ago today",
      markReadUrl: previewAction("mark-read", 5),
      snoozeUrl: previewAction("snooze", 5),
      notInterestedUrl: previewAction("not-interested", 5),
      excerpt: "Flour, water, salt and patience: what each does to the loaf.",
      readingMinutes: 12,
      readUrl: "http://localhost:3000/read/preview-5",
    },
    {
      title: "Why maps lie",
      url: "https://geo.example.net/why-maps-lie",
      shownUrl: "https://geo.example.net/why-maps-lie",
      notes: null,
      categories: [],
      savedAt: "Mar 20, 9:45 PM",
      why: "Saved 8 months ago",
      markReadUrl: previewAction("mark-read", 6),
      snoozeUrl: previewAction("snooze", 6),
      notInterestedUrl: previewAction("not-interested", 6),
      excerpt: null,
      readingMinutes: 5,
      readUrl: "http://localhost:3000/read/preview-6",
    },
  ],
  feeds: [
    {
      name: "Small Tools Weekly",
      items: [
        {
          title: "A text editor in 500 lines",
          url: "https://tools.example.net/editor",
          domain: "tools.example.net",
          saveUrl: "http://localhost:3000/save-feed-item?token=preview-7",
        },
        {
          title: "Why the shell still matters",
          url: "https://tools.example.net/shell",
          domain: "tools.example.net",
          saveUrl: "http://localhost:3000/save-feed-item?token=preview-8",
        },
      ],
    },
    {
      name: "https://maps.example.org/feed.xml",
      items: [
        {
          title: "Drawing coastlines",
          url: "https://maps.example.org/coastlines",
          domain: "maps.example.org",
          saveUrl: "http://localhost:3000/save-feed-item?token=preview-9",
        },
      ],
    },
  ],
  progress: "This week: 12 saved, 5 read, 3 came back",
  dashboardUrl: "http://localhost:3000/dashboard",
  unsubscribeUrl: "http://localhost:3000/unsubscribe?token=preview",
} satisfies DigestEmailProps;
