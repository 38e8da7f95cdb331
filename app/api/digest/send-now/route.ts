import { apiRoute } from "@/lib/api";
import { sendDigestNow } from "@/lib/digests/send-now";

export const POST = apiRoute(async ({ user }) => sendDigestNow(user));
