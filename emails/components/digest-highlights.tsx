import { Heading, Link, Section, Text } from "@react-email/components";
import { colors } from "@/emails/components/email-layout";

/** One of last week's highlights in a digest. */
export type DigestEmailHighlight = {
  quote: string;
  note: string | null;
  /** The link's title, or its address. */
  source: string;
  /** The reader page, at its highlights. */
  readUrl: string;
};

const wrap = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

/** "Your highlights this week": each passage quoted, its note and where it is from. */
export function DigestHighlights({ highlights }: { highlights: DigestEmailHighlight[] }) {
  if (highlights.length === 0) return null;
  return (
    <Section>
      <Heading as="h2" style={{ color: colors.text, fontSize: 17, lineHeight: "24px", margin: "20px 0 4px" }}>
        Your highlights this week
      </Heading>
      {highlights.map((highlight, index) => (
        <Section key={`highlight-${index}`} style={{ borderTop: `1px solid ${colors.border}`, padding: "12px 0" }}>
          <Text
            style={{
              ...wrap,
              borderLeft: `3px solid ${colors.brand}`,
              color: colors.text,
              fontSize: 15,
              lineHeight: "22px",
              margin: 0,
              paddingLeft: 10,
            }}
          >
            {highlight.quote}
          </Text>
          {highlight.note ? (
            <Text style={{ ...wrap, color: colors.text, fontSize: 14, lineHeight: "20px", margin: "6px 0 0" }}>
              {`Note: ${highlight.note}`}
            </Text>
          ) : null}
          <Text style={{ ...wrap, fontSize: 13, lineHeight: "18px", margin: "6px 0 0" }}>
            <Link href={highlight.readUrl} style={{ color: colors.brand, textDecoration: "underline" }}>
              {highlight.source}
            </Link>
          </Text>
        </Section>
      ))}
    </Section>
  );
}

/** The same in the plain-text part. */
export function digestHighlightsText(highlights: DigestEmailHighlight[]): string[] {
  if (highlights.length === 0) return [];
  return [
    "Your highlights this week",
    ...highlights.map((highlight) =>
      [
        `"${highlight.quote}"`,
        highlight.note ? `Note: ${highlight.note}` : null,
        `${highlight.source}: ${highlight.readUrl}`,
      ]
        .filter(Boolean)
        .join("\n"),
    ),
  ];
}
