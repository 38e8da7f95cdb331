import { Text } from "@react-email/components";
import { colors, EmailLayout } from "./components/email-layout";

export type EmailInUseEmailProps = { email: string };

// Sent instead of a confirmation link when someone asks to use an address that already belongs to a
// LinkStash account: the person asking is answered as for any address, and nothing changes.
export default function EmailInUseEmail({ email }: EmailInUseEmailProps) {
  return (
    <EmailLayout
      preview="Someone tried to use your address for another LinkStash account"
      footer="No action is needed. Your account and its address stay as they are."
    >
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 12px" }}>
        {`Someone asked to use ${email} for another LinkStash account. This address already belongs to your account, so nothing was changed.`}
      </Text>
    </EmailLayout>
  );
}

EmailInUseEmail.PreviewProps = { email: "alex@example.com" } satisfies EmailInUseEmailProps;
