import { publicApiRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { sendTestEmail } from "@/lib/mail/test-email";
import { testEmailSchema } from "@/lib/validations/test-email";

export const POST = publicApiRoute(testEmailSchema, async ({ req, body }) => {
  await sendTestEmail(body.email, clientIp(req));
  return { success: true };
});
