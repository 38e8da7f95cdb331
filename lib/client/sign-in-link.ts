import { throwIfNotOk } from "@/lib/client/fetcher";

// Asks next-auth (email provider) to send a magic link: what the sign-in form posts without
// JavaScript, asked for JSON (`json: "true"`) so the page can stay and say what went wrong. Our
// 429 `{ message }` from the magic-link rate limit and the guard's 400 come back as errors in
// lib/client/fetcher's "<status>: <body>" form, so serverMessage() can read them.

/** Resolves to null when the link was sent, else next-auth's error code (EmailSignin, ...). */
export async function requestSignInLink(form: HTMLFormElement): Promise<string | null> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") body.set(name, value);
  body.set("json", "true");
  const res = await fetch(form.action, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
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
