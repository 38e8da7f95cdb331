import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { Fragment, type CSSProperties } from "react";
import { actionButtonStyle } from "./components/action-link";
import { colors, EmailLayout } from "./components/email-layout";

export type DigestEmailLink = {
  title: string | null;
  url: string;
  /** The address as a reader sees it: Unicode host, escaped letters decoded (lib/links/display-url.ts). */
  shownUrl: string;
  notes: string | null;
  categories: string[];
  /** Already formatted in the reader's time zone by the caller, e.g. "Nov 21, 9:05 AM". */
  savedAt: string;
  /** The signed page that marks this link read, so later digests leave it out. */
  markReadUrl: string;
  /** The page's description or its article's excerpt. */
  excerpt: string | null;
  /** Null until the article is extracted (or when the page is not an article). */
  readingMinutes: number | null;
  /** The reader page of this link. */
  readUrl: string;
};

export type DigestEmailProps = {
  heading: string;
  intro: string;
  links: DigestEmailLink[];
  moreCount: number;
  dashboardUrl: string;
  historyUrl: string;
  unsubscribeUrl: string;
};

// Every text sits on an explicit background with an explicit colour, so a client that inverts the
// message for dark mode inverts both together and the contrast survives. Long URLs and titles
// without spaces must wrap at 320 px.
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

function LinkEntry({ link }: { link: DigestEmailLink }) {
  return (
    <Section style={{ borderTop: `1px solid ${colors.border}`, padding: "14px 0" }}>
      <Link
        href={link.url}
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
        <Text style={{ ...wrap, color: colors.muted, fontSize: 12, lineHeight: "18px", margin: "2px 0 0" }}>
          {link.shownUrl}
        </Text>
      ) : null}
      {link.excerpt ? (
        <Text style={{ ...wrap, color: colors.muted, fontSize: 14, lineHeight: "20px", margin: "6px 0 0" }}>
          {link.excerpt}
        </Text>
      ) : null}
      {link.notes ? (
        <Text style={{ ...wrap, color: colors.text, fontSize: 14, lineHeight: "20px", margin: "8px 0 0" }}>
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
              <span style={badge}>{category}</span>
            </Fragment>
          ))}
        </Text>
      ) : null}
      <Text style={{ color: colors.muted, fontSize: 12, lineHeight: "18px", margin: "6px 0 0" }}>
        {`Saved ${link.savedAt} · `}
        {link.readingMinutes ? `${link.readingMinutes} min read · ` : null}
        <Link href={link.readUrl} style={{ color: colors.brand, textDecoration: "underline" }}>
          Read
        </Link>
        {" · "}
        <Link href={link.markReadUrl} style={{ color: colors.brand, textDecoration: "underline" }}>
          Mark as read
        </Link>
      </Text>
    </Section>
  );
}

export default function DigestEmail({
  heading,
  intro,
  links,
  moreCount,
  dashboardUrl,
  historyUrl,
  unsubscribeUrl,
}: DigestEmailProps) {
  return (
    <EmailLayout
      preview={intro}
      footer={
        <>
          You get this email because you save links in LinkStash.{" "}
          <Link href={unsubscribeUrl} style={{ color: colors.brand, textDecoration: "underline" }}>
            Unsubscribe from digest emails
          </Link>
        </>
      }
    >
      <Heading as="h1" style={{ color: colors.text, fontSize: 22, lineHeight: "28px", margin: "0 0 8px" }}>
        {heading}
      </Heading>
      <Text style={{ color: colors.text, fontSize: 15, lineHeight: "22px", margin: "0 0 16px" }}>{intro}</Text>

      {links.map((link, index) => (
        <LinkEntry key={`${index}-${link.url}`} link={link} />
      ))}

      {moreCount > 0 ? (
        <Text
          style={{
            borderTop: `1px solid ${colors.border}`,
            color: colors.text,
            fontSize: 14,
            lineHeight: "20px",
            margin: 0,
            padding: "14px 0 0",
          }}
        >
          <Link href={historyUrl} style={{ color: colors.brand, fontWeight: 600, textDecoration: "underline" }}>
            {`and ${moreCount} more`}
          </Link>{" "}
          in your link history
        </Text>
      ) : null}

      <Section style={{ padding: "24px 0 0" }}>
        <Button href={dashboardUrl} style={{ ...actionButtonStyle, fontSize: 15 }}>
          Open your dashboard
        </Button>
      </Section>
    </EmailLayout>
  );
}

DigestEmail.PreviewProps = {
  heading: "Your daily digest",
  intro: "You saved 3 links since your last digest.",
  links: [
    {
      title: "How to read more and remember it",
      url: "https://example.com/articles/how-to-read-more-and-remember-it?utm_source=newsletter&utm_medium=email",
      shownUrl: "https://example.com/articles/how-to-read-more-and-remember-it?utm_source=newsletter&utm_medium=email",
      notes: "Recommended by Sam.\nThe part about spaced repetition is worth a second read.",
      categories: ["Article", "Personal"],
      savedAt: "Nov 21, 9:05 AM",
      markReadUrl: "http://localhost:3000/mark-read?token=preview-1",
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
      markReadUrl: "http://localhost:3000/mark-read?token=preview-2",
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
      markReadUrl: "http://localhost:3000/mark-read?token=preview-3",
      excerpt: null,
      readingMinutes: null,
      readUrl: "http://localhost:3000/read/preview-3",
    },
  ],
  moreCount: 2,
  dashboardUrl: "http://localhost:3000/dashboard",
  historyUrl: "http://localhost:3000/history",
  unsubscribeUrl: "http://localhost:3000/unsubscribe?token=preview",
} satisfies DigestEmailProps;
