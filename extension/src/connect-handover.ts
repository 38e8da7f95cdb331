// Pure: the token the app's connect page hands over in connected.html's fragment
// (`#token=…&state=…`), accepted only for the connect this extension started (docs/decisions/0324).

const TOKEN_PATTERN = /^lsk_[A-Za-z0-9_-]{43}$/;

export function handedToken(fragment: string, expectedState: string | undefined): string | null {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const token = params.get("token");
  const state = params.get("state");
  if (!expectedState || state !== expectedState || !token || !TOKEN_PATTERN.test(token)) return null;
  return token;
}
