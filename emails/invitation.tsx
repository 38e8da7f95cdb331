import { Text } from "@react-email/components";
import { ActionLink } from "./components/action-link";
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
      <ActionLink href={claimUrl}>Claim 1 Month Pro Access</ActionLink>
    </EmailLayout>
  );
}

InvitationEmail.PreviewProps = {
  inviterName: "alex@example.com",
  claimUrl: "http://localhost:3000/invite/preview-code-123",
} satisfies InvitationEmailProps;
