// The header's destinations for a signed-in user.
export const APP_NAV_LINKS = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/history", label: "History" },
  { href: "/invitations", label: "Invites" },
  { href: "/pricing", label: "Pricing" },
] as const;

// Sign-in and sign-out are API routes that answer with redirects: plain links, never client navigation.
export const LOGIN_HREF = "/api/login";
export const LOGOUT_HREF = "/api/logout";
