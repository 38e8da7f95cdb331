import { endpointRoute } from "@/lib/http/api-route";
import { onboardEndpoint } from "@/lib/users/contract";
import { livePendingEmail } from "@/lib/users/email-change-rule";
import { completeOnboarding } from "@/lib/users/service";

export const POST = endpointRoute(onboardEndpoint, async ({ user, body }) => {
  const onboarded = await completeOnboarding(user, body);
  return { success: true as const, pendingEmail: livePendingEmail(onboarded, new Date()) };
});
