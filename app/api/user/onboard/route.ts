import { apiRoute } from "@/lib/http/api-route";
import { completeOnboarding } from "@/lib/users/service";
import { livePendingEmail } from "@/lib/users/email-change-rule";
import { onboardRequestSchema } from "@/lib/validations/onboard";

export const POST = apiRoute(onboardRequestSchema, async ({ user, body }) => {
  const onboarded = await completeOnboarding(user, body);
  return { success: true, pendingEmail: livePendingEmail(onboarded, new Date()) };
});
