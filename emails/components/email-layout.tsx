import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

// Inline styles only (the <Tailwind> component renders ~2.7x slower); colours chosen to stay
// readable when a mail client inverts them in dark mode.
export const colors = { brand: "#2955d3", text: "#111827", muted: "#6b7280", border: "#e5e7eb", background: "#f9fafb" };

/** Classes that take dark colours where the client honours prefers-color-scheme (short: they repeat). */
export const darkClass = {
  body: "d-bg",
  card: "d-card",
  text: "d-tx",
  muted: "d-mu",
  link: "d-ln",
  rule: "d-rl",
  badge: "d-bd",
  button: "d-bt",
} as const;

// Inline styles win over a stylesheet, hence !important; a client without media queries keeps the
// light colours (or inverts them itself, which they survive).
const DARK_CSS = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.${darkClass.body},.${darkClass.body}>table>tbody>tr>td{background-color:#0f172a!important}
.${darkClass.card}{background-color:#1e293b!important;border-color:#334155!important}
.${darkClass.text}{color:#f1f5f9!important}
.${darkClass.muted}{color:#94a3b8!important}
.${darkClass.link}{color:#93b4ff!important}
.${darkClass.rule}{border-color:#334155!important}
.${darkClass.badge}{background-color:#1e3a8a!important;color:#dbeafe!important;border-color:#1e40af!important}
.${darkClass.button}{background-color:#93b4ff!important;color:#0f172a!important}
}`;

export function EmailLayout({
  preview,
  children,
  footer,
}: {
  preview: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style dangerouslySetInnerHTML={{ __html: DARK_CSS }} />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className={darkClass.body}
        style={{
          backgroundColor: colors.background,
          fontFamily: "-apple-system, Segoe UI, Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 12px",
        }}
      >
        <Container
          className={darkClass.card}
          style={{
            maxWidth: 560,
            width: "100%",
            backgroundColor: "#ffffff",
            border: `1px solid ${colors.border}`,
            borderRadius: 8,
            padding: "24px",
          }}
        >
          <Text
            className={darkClass.link}
            style={{ fontSize: 20, fontWeight: 700, color: colors.brand, margin: "0 0 16px" }}
          >
            LinkStash
          </Text>
          <Section>{children}</Section>
          <Hr className={darkClass.rule} style={{ borderColor: colors.border, margin: "24px 0 12px" }} />
          <Text className={darkClass.muted} style={{ fontSize: 12, color: colors.muted, margin: 0 }}>
            {footer ?? "You received this email because you have a LinkStash account."}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
