import { Text } from "@react-email/components";
import { ActionLink } from "./components/action-link";
import { colors, EmailLayout } from "./components/email-layout";

export type EmailChangeConfirmEmailProps = { currentEmail: string; newEmail: string; confirmUrl: string };

// Sent to the address someone asked to use: it only takes effect when its owner opens the link while
// signed in to the account that asked (docs/decisions/0141).
export default function EmailChangeConfirmEmail({ currentEmail, newEmail, confirmUrl }: EmailChangeConfirmEmailProps) {
  return (
    <EmailLayout
      preview="Confirm your new LinkStash email address"
      footer="If you did not ask for this, ignore this email: nothing changes unless the link is opened from the account that asked."
    >
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 12px" }}>
        {`The LinkStash account ${currentEmail} asked to use ${newEmail} as its address for digests and sign-in.`}
      </Text>
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 20px" }}>
        To confirm, open the link below in a browser signed in to that account. It works once and expires in 24 hours.
      </Text>
      <ActionLink href={confirmUrl}>Confirm new address</ActionLink>
    </EmailLayout>
  );
}

EmailChangeConfirmEmail.PreviewProps = {
  currentEmail: "alex@example.com",
  newEmail: "alex@work.example",
  confirmUrl: "http://localhost:3000/confirm-email?token=preview",
} satisfies EmailChangeConfirmEmailProps;
