// Readable texts for next-auth's error codes (the sign-in page gets them as ?error=CODE).

const MESSAGES = new Map<string, string>([
  ["Verification", "That sign-in link is invalid or has expired. Request a new one."],
  ["EmailSignin", "We couldn't send the sign-in email. Check the address and try again."],
  ["EmailCreateAccount", "We couldn't create your account. Please try again."],
  ["OAuthSignin", "Signing in with that provider didn't work. Please try again."],
  ["OAuthCallback", "Signing in with that provider didn't work. Please try again."],
  ["OAuthCreateAccount", "We couldn't create your account with that provider. Please try again."],
  ["Callback", "Signing in didn't work. Please try again."],
  ["OAuthAccountNotLinked", "This email address already signs in another way. Use the method you used before."],
  ["AccessDenied", "Access denied. You are not allowed to sign in."],
  ["Configuration", "Sign-in is not set up correctly on this server. Please try again later."],
  ["SessionRequired", "Please sign in to continue."],
  [
    "EmailUnconfirmed",
    "This address was never confirmed for the account that uses it, so it cannot sign in yet. If the account is yours, open Settings where you are still signed in and save the address to confirm it.",
  ],
]);

export const DEFAULT_AUTH_ERROR = "Something went wrong while signing you in. Please try again.";

export function authErrorMessage(code: string): string {
  return MESSAGES.get(code) ?? DEFAULT_AUTH_ERROR;
}
