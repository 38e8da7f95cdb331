import { Link, Text } from "@react-email/components";
import { colors, EmailLayout } from "./components/email-layout";

export type TestEmailProps = { appUrl: string };

// Sent from the public /email-test page to any address, so it carries no text chosen by the sender.
export default function TestEmail({ appUrl }: TestEmailProps) {
  return (
    <EmailLayout
      preview="This is a test email from LinkStash"
      footer="Someone entered this address on the LinkStash email test page. No account was created and you will not get further emails from it."
    >
      <Text style={{ color: colors.text, fontSize: 16, lineHeight: "24px", margin: "0 0 12px" }}>
        This is a test email from LinkStash.
      </Text>
      <Text style={{ color: colors.text, fontSize: 14, lineHeight: "20px", margin: 0 }}>
        If you can read it, email from LinkStash reaches this address.{" "}
        <Link href={appUrl} style={{ color: colors.brand, textDecoration: "underline" }}>
          Open LinkStash
        </Link>
      </Text>
    </EmailLayout>
  );
}

TestEmail.PreviewProps = { appUrl: "http://localhost:3000" } satisfies TestEmailProps;
