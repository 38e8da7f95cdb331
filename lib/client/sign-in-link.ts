import { getCsrfToken } from "next-auth/react";
import { throwIfNotOk } from "@/lib/client/fetcher";

// Asks next-auth (email provider) to send a magic link. This is what signIn("email", { redirect:
// false }) posts, done here because signIn() throws a bare "Invalid URL" on an answer without a
// `url` (our 429 `{ message }` from the magic-link rate limit), losing the status and the message.
// Errors follow lib/client/fetcher's "<status>: <body>" form so serverMessage() can read them.

/** Resolves to null when the link was sent, else next-auth's error code (EmailSignin, ...). */
export async function requestSignInLink(email: string, callbackUrl: string): Promise<string | null> {
  const csrfToken = await getCsrfToken();
  if (!csrfToken) throw new Error("Could not start sign-in.");
  const res = await fetch("/api/auth/signin/email", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, callbackUrl, csrfToken, json: "true" }),
    credentials: "include",
  });
  await throwIfNotOk(res);
  const data: unknown = await res.json();
  const url =
    data && typeof data === "object" && "url" in data && typeof data.url === "string"
      ? new URL(data.url, window.location.origin)
      : null;
  if (!url) return "Default";
  // A refused CSRF token comes back as ?csrf=true rather than as an error code.
  if (url.searchParams.has("csrf")) return "Default";
  return url.searchParams.get("error");
}
