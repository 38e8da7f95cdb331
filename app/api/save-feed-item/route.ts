import { saveFeedItemFromDigestRoute } from "@/lib/digests/save-feed-item-route";

// No session needed: the signed token from the digest is the credential (the /save-feed-item page POSTs here).
export const POST = saveFeedItemFromDigestRoute();
