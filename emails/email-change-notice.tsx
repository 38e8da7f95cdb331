import { Link, Text } from "@react-email/components";
import { colors, EmailLayout } from "./components/email-layout";

export type EmailChangeNoticeEmailProps = { newEmail: string; settingsUrl: string };

// Sent to the address in use when a change to another one is asked for, so a change made by someone
// else with access to the account does not go unnoticed.
export default function EmailChangeNoticeEmail({ newEmail, settingsUrl }: EmailChangeNoticeEmailProps) {
  return (
    <EmailLayout preview={`Your LinkStash address is being changed to ${newEmail}`}>
      <Text style={{ fontSize: 16, lineHeight: "24px", color: colors.text, margin: "0 0 12px" }}>
        {`Your LinkStash address is being changed to ${newEmail}. The change takes effect once the link we sent to that address is opened; until then, digests and sign-in links keep coming here.`}
      </Text>
      <Text style={{ fontSize: 14, lineHeight: "20px", color: colors.text, margin: 0 }}>
        If you did not ask for this, sign in and save your own address again in{" "}
        <Link href={settingsUrl} style={{ color: colors.brand, textDecoration: "underline" }}>
          Settings
        </Link>
        : that cancels the change.
      </Text>
    </EmailLayout>
  );
}

EmailChangeNoticeEmail.PreviewProps = {
  newEmail: "alex@work.example",
  settingsUrl: "http://localhost:3000/settings",
} satisfies EmailChangeNoticeEmailProps;
