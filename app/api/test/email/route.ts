import { publicApiRoute } from "@/lib/api";
import { clientIp } from "@/lib/rate-limit";
import { sendTestEmail } from "@/lib/test-email";
import { testEmailSchema } from "@/lib/validations/test-email";

export const POST = publicApiRoute(testEmailSchema, async ({ req, body }) => {
  await sendTestEmail(body.email, clientIp(req));
  return { success: true };
});
