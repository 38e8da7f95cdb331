import { publicApiRoute } from "@/lib/http/api-route";
import { markReadByToken } from "@/lib/digests/mark-read";
import { markReadSchema } from "@/lib/validations/link-read";

// No session needed: the signed token from the digest is the credential (the /mark-read page POSTs here).
export const POST = publicApiRoute(markReadSchema, async ({ body }) => {
  await markReadByToken(body.token);
  return { success: true };
});
