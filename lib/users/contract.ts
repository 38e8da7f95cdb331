import "server-only";
import { successSchema } from "@/lib/api-docs/responses";
import { defineEndpoint } from "@/lib/http/contract";
import {
  authCheckAnswer,
  emailChangeConfirmSchema,
  onboardedAnswer,
  onboardRequestSchema,
  settingsRequestSchema,
  userAnswer,
} from "@/lib/users/schemas";

// The signed-in account: who it is, onboarding, the email preferences, a new address, deletion.

export const authCheckEndpoint = defineEndpoint({
  method: "get",
  path: "/api/auth/check",
  tag: "account",
  summary: "Whether the caller is signed in",
  access: "public",
  success: { status: 200, description: "Signed in or not.", schema: authCheckAnswer },
});

export const currentUserEndpoint = defineEndpoint({
  method: "get",
  path: "/api/auth/user",
  tag: "account",
  summary: "The signed-in account",
  access: "session",
  success: { status: 200, description: "The account.", schema: userAnswer },
});

export const onboardEndpoint = defineEndpoint({
  method: "post",
  path: "/api/user/onboard",
  tag: "account",
  summary: "Finish onboarding",
  description: "Sets the digest hour and time zone; a new address is mailed a confirmation link first.",
  access: "session",
  body: { schema: onboardRequestSchema, required: true },
  success: { status: 200, description: "Onboarded.", schema: onboardedAnswer },
  errors: { 429: ["rate_limited"], 503: ["unavailable"] },
});

export const settingsEndpoint = defineEndpoint({
  method: "put",
  path: "/api/user/settings",
  tag: "account",
  summary: "Save the email preferences",
  description:
    "The digest's frequency, days, hours and time zone, and the address. Daily and custom schedules need Pro (or the trial); a new address is mailed a confirmation link first.",
  access: "session",
  body: { schema: settingsRequestSchema, required: true },
  success: { status: 200, description: "The account as saved.", schema: userAnswer },
  errors: { 403: ["plan_limit"], 429: ["rate_limited"], 503: ["unavailable"] },
});

export const confirmEmailEndpoint = defineEndpoint({
  method: "post",
  path: "/api/user/email/confirm",
  tag: "account",
  summary: "Confirm a new email address",
  description: "With the token from the confirmation link; the caller's other sessions end.",
  access: "session",
  body: { schema: emailChangeConfirmSchema, required: true },
  success: { status: 200, description: "The account with its new address.", schema: userAnswer },
  errors: { 404: ["not_found"], 409: ["already_exists"] },
});

export const deleteAccountEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/user",
  tag: "account",
  summary: "Delete the account",
  description: "With every link, category, token and session; a running subscription is cancelled first.",
  access: "session",
  success: { status: 200, description: "Deleted.", schema: successSchema },
  errors: { 503: ["unavailable"] },
});

export const USER_ENDPOINTS = [
  authCheckEndpoint,
  currentUserEndpoint,
  onboardEndpoint,
  settingsEndpoint,
  confirmEmailEndpoint,
  deleteAccountEndpoint,
];
