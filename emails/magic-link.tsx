import { Button, Link, Text } from "@react-email/components";
import { colors, EmailLayout } from "./components/email-layout";

export type MagicLinkEmailProps = { url: string; host: string };

export default function MagicLinkEmail({ url, host }: MagicLinkEmailProps) {
  return (
    <EmailLayout
      preview="Your sign-in link for LinkStash"
      footer={`If you did not ask to sign in to ${host}, you can ignore this email.`}
    >
      <Text style={{ fontSize: 16, color: colors.text }}>
        Click the button below to sign in to LinkStash. The link works once and expires in 24 hours.
      </Text>
      <Button
        href={url}
        style={{
          backgroundColor: colors.brand,
          color: "#ffffff",
          borderRadius: 6,
          padding: "12px 20px",
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        Sign in to LinkStash
      </Button>
      <Text style={{ fontSize: 13, color: colors.muted, marginTop: 24 }}>
        Or paste this address into your browser:{" "}
        <Link href={url} style={{ color: colors.brand, wordBreak: "break-all" }}>
          {url}
        </Link>
      </Text>
    </EmailLayout>
  );
}

MagicLinkEmail.PreviewProps = {
  url: "http://localhost:3000/api/auth/callback/email?token=preview",
  host: "localhost:3000",
} satisfies MagicLinkEmailProps;
