import { Text } from "@react-email/components";
import { claimButtonLabel } from "@/lib/invitations/rules";
import { ActionLink } from "./components/action-link";
import { colors, EmailLayout } from "./components/email-layout";

export type InvitationEmailProps = { inviterName: string; claimUrl: string; billingEnabled: boolean };

/** The subject; without billing there is no Pro month to offer (docs/decisions/0304). */
export function invitationSubject(inviterName: string, billingEnabled: boolean): string {
  return billingEnabled
    ? `${inviterName} invited you to LinkStash: 1 month of Pro for free`
    : `${inviterName} invited you to LinkStash`;
}

// Sent to an address a user typed in, so it carries no text of the inviter's choosing: only their
// account's name and the claim link (and sends are rate-limited per inviter).
export default function InvitationEmail({ inviterName, claimUrl, billingEnabled }: InvitationEmailProps) {
  return (
    <EmailLayout
      preview={invitationSubject(inviterName, billingEnabled)}
      footer="You received this email because a LinkStash user entered your address to invite you. No account was created for you."
    >
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 12px" }}>
        {`${inviterName} invited you to LinkStash, the place to stash links during the day and read them later in a digest email.`}
      </Text>
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 20px" }}>
        {billingEnabled
          ? "The invitation gives you 1 month of Pro for free: unlimited links per day, daily email digests, advanced categorization and multiple digests per day."
          : "Every feature is included: unlimited links per day, daily email digests, advanced categorization and multiple digests per day."}
      </Text>
      <ActionLink href={claimUrl}>{claimButtonLabel(billingEnabled)}</ActionLink>
    </EmailLayout>
  );
}

InvitationEmail.PreviewProps = {
  inviterName: "alex@example.com",
  claimUrl: "http://localhost:3000/invite/preview-code-123",
  billingEnabled: true,
} satisfies InvitationEmailProps;
