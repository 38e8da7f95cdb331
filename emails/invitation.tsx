import { Button, Link, Text } from "@react-email/components";
import { colors, EmailLayout } from "./components/email-layout";

export type InvitationEmailProps = { inviterName: string; claimUrl: string };

// Sent to an address a user typed in, so it carries no text of the inviter's choosing: only their
// account's name and the claim link (and sends are rate-limited per inviter).
export default function InvitationEmail({ inviterName, claimUrl }: InvitationEmailProps) {
  return (
    <EmailLayout
      preview={`${inviterName} invited you to LinkStash: 1 month of Pro for free`}
      footer="You received this email because a LinkStash user entered your address to invite you. No account was created for you."
    >
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 12px" }}>
        {`${inviterName} invited you to LinkStash, the place to stash links during the day and read them later in a digest email.`}
      </Text>
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 20px" }}>
        The invitation gives you 1 month of Pro for free: unlimited links per day, daily email digests, advanced
        categorization and multiple digests per day.
      </Text>
      <Button
        href={claimUrl}
        style={{
          backgroundColor: colors.brand,
          color: "#ffffff",
          borderRadius: 6,
          padding: "12px 20px",
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        Claim 1 Month Pro Access
      </Button>
      <Text style={{ fontSize: 13, color: colors.muted, marginTop: 24 }}>
        Or paste this address into your browser:{" "}
        <Link href={claimUrl} style={{ color: colors.brand, wordBreak: "break-all" }}>
          {claimUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}

InvitationEmail.PreviewProps = {
  inviterName: "alex@example.com",
  claimUrl: "http://localhost:3000/invite/preview-code-123",
} satisfies InvitationEmailProps;
