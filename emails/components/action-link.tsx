import { Button, Link, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { colors } from "./email-layout";

/** The look of an email's call to action. */
export const actionButtonStyle = {
  backgroundColor: colors.brand,
  color: "#ffffff",
  borderRadius: 6,
  padding: "12px 20px",
  fontWeight: 600,
  textDecoration: "none",
};

/** An email's one action: a button, and the same address written out for clients that hide buttons. */
export function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button href={href} style={actionButtonStyle}>
        {children}
      </Button>
      <Text style={{ fontSize: 13, color: colors.muted, marginTop: 24 }}>
        Or paste this address into your browser:{" "}
        <Link href={href} style={{ color: colors.brand, wordBreak: "break-all" }}>
          {href}
        </Link>
      </Text>
    </>
  );
}
