import { apiRoute } from "@/lib/api";
import { createBillingPortalSession } from "@/lib/billing/portal";

export const POST = apiRoute(async ({ user }) => createBillingPortalSession(user));
