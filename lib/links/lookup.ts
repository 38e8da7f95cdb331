import "server-only";
import type { Link, User } from "@/lib/generated/prisma/client";
import { newestLinkTo } from "@/lib/links/queries";

/**
 * The user's newest link to exactly this (normalised) address, or null: the extension's badge
 * asks it for the page in view. Through the (userId, url) index; only the owner's links.
 */
export function findLinkByUrl(user: User, url: string): Promise<Link | null> {
  return newestLinkTo(user.id, url);
}
