import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { testEmailEndpoint } from "@/lib/mail/contract";
import { sendTestEmail } from "@/lib/mail/test-email";

export const POST = endpointRoute(testEmailEndpoint, async ({ req, body }) => {
  await sendTestEmail(body.email, clientIp(req));
  return { success: true as const };
});
