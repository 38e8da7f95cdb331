import { Text } from "@react-email/components";
import { ActionLink } from "./components/action-link";
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
      <ActionLink href={url}>Sign in to LinkStash</ActionLink>
    </EmailLayout>
  );
}

MagicLinkEmail.PreviewProps = {
  url: "http://localhost:3000/api/auth/callback/email?token=preview",
  host: "localhost:3000",
} satisfies MagicLinkEmailProps;
