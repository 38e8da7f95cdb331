// What an API token may do. Each route that takes a token names the one scope it needs; a personal
// token made in Settings has every scope, the browser extension's only what the extension calls
// (decision 0360). Pure: the one list of scopes, for the API wrapper, the connect page and tests.

export const TOKEN_SCOPES = [
  "links:read",
  "links:lookup",
  "links:save",
  "links:write",
  "categories:read",
  "categories:write",
  "feeds:read",
  "feeds:write",
] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope allows, as the connect page lists it. */
export const TOKEN_SCOPE_MEANINGS: Record<TokenScope, string> = {
  "links:read": "read your links, their articles and highlights",
  "links:lookup": "check whether a page is in your stash",
  "links:save": "save links to your stash",
  "links:write": "change and delete your links and highlights",
  "categories:read": "read your categories",
  "categories:write": "create and delete categories",
  "feeds:read": "read your feed subscriptions",
  "feeds:write": "subscribe to feeds, change and cancel subscriptions",
};

/** A personal token (Settings → API tokens): everything a token can do. */
export const PERSONAL_TOKEN_SCOPES: readonly TokenScope[] = TOKEN_SCOPES;

/** The browser extension's token: saving a page, showing whether it is saved, and the categories to file it in. */
export const EXTENSION_TOKEN_SCOPES: readonly TokenScope[] = ["links:save", "links:lookup", "categories:read"];

/**
 * An app password (Settings → Apps): what the apps that speak other services' protocols need (read,
 * save, archive, tag and delete links; highlights), the same endpoints a personal token reaches,
 * never settings, billing or other tokens.
 */
export const APP_PASSWORD_SCOPES: readonly TokenScope[] = TOKEN_SCOPES.filter((scope) => !scope.startsWith("feeds:"));

export function isTokenScope(value: string): value is TokenScope {
  return TOKEN_SCOPES.some((scope) => scope === value);
}

/** The scopes of a stored token; a name this version does not know grants nothing. */
export function tokenScopes(stored: readonly string[]): TokenScope[] {
  return stored.filter(isTokenScope);
}

export const INSUFFICIENT_SCOPE_MESSAGE = "This API token is not allowed to do this.";
export const SESSION_ONLY_MESSAGE =
  "This endpoint takes no API token: it is used from the signed-in app. Tokens reach the links, categories and feeds endpoints.";
