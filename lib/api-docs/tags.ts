// The sections of the API document, each with what its operations share.

export const TAGS = {
  links: "Saving, listing, reading and deleting links. A personal API token works here.",
  categories: "The caller's own categories. A personal API token works here.",
  feeds:
    "Subscriptions to other sites' feeds, whose new items come in as links or in the digest. A personal API token works here.",
  account: "The signed-in account: its details, settings, onboarding and deletion.",
  tokens: "Personal API tokens and app passwords, managed with the browser session only.",
  invitations: "Invitations to LinkStash and claiming them.",
  billing: "Plans and Stripe checkout (answers 503 where billing is not set up).",
  digests: "Digest emails: sending one now, marking a link read from one, unsubscribing.",
  "import and export": "Moving links in and out.",
  stats: "Figures about the caller's links for the app's own pages, with the browser session only.",
  "sign-in": "Signing in and out: redirects and next-auth's own endpoints, for the browser.",
  internal:
    "For the platform, not for API clients: health probes, the scheduler, Stripe's webhook, the email test and this document.",
} as const;

export type Tag = keyof typeof TAGS;
