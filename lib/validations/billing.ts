import "@/lib/validations/zod-setup";
import { z } from "zod";

/** GET /api/subscriptions/verify-session?session_id=cs_… (the id Stripe put into success_url). */
export const verifySessionQuerySchema = z.object({
  session_id: z
    .string({ error: "session_id is required." })
    .regex(/^cs_[A-Za-z0-9_]{1,200}$/, "session_id is not a Checkout Session id."),
});
