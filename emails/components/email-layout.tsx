import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

// Inline styles only (the <Tailwind> component renders ~2.7x slower); colours chosen to stay
// readable when a mail client inverts them in dark mode.
export const colors = { brand: "#2955d3", text: "#111827", muted: "#6b7280", border: "#e5e7eb", background: "#f9fafb" };

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
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.background,
          fontFamily: "-apple-system, Segoe UI, Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 12px",
        }}
      >
        <Container
          style={{
            maxWidth: 560,
            width: "100%",
            backgroundColor: "#ffffff",
            border: `1px solid ${colors.border}`,
            borderRadius: 8,
            padding: "24px",
          }}
        >
          <Text style={{ fontSize: 20, fontWeight: 700, color: colors.brand, margin: "0 0 16px" }}>LinkStash</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.border, margin: "24px 0 12px" }} />
          <Text style={{ fontSize: 12, color: colors.muted, margin: 0 }}>
            {footer ?? "You received this email because you have a LinkStash account."}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
