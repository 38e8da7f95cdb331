import { emailActionRoute } from "@/lib/digests/email-action-route";

// No session needed: the signed token from the digest is the credential (the /mark-read page POSTs here).
export const POST = emailActionRoute("mark-read");
