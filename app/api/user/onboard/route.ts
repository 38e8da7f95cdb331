import { apiRoute } from "@/lib/api";
import { completeOnboarding } from "@/lib/users";
import { onboardRequestSchema } from "@/lib/validations/onboard";

export const POST = apiRoute(onboardRequestSchema, async ({ user, body }) => {
  await completeOnboarding(user, body);
  return { success: true };
});
