"use client";

import { Star } from "lucide-react";
import { useUpdateLink, type StashLink } from "@/components/links/link-queries";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";
import { cn } from "@/lib/utils";

/**
 * The star that adds a link to Favorites or takes it out: a toggle button, whose name stays and whose
 * pressed state (announced as it changes) says which. Pressed at once while the change is on its way. `onUpdated` receives
 * the link as the server answers (the reader keeps its own copy; the lists update their cache).
 */
export function FavoriteButton({
  link,
  withText = false,
  onUpdated,
  className,
}: {
  link: StashLink;
  withText?: boolean;
  onUpdated?: (link: StashLink) => void;
  className?: string;
}) {
  const update = useUpdateLink(link.id);
  const favorite = update.isPending ? update.variables.favorite === true : link.favoritedAt !== null;
  const hint = favorite ? "Remove from Favorites" : "Add to Favorites";
  return (
    <Button
      type="button"
      variant={withText ? "outline" : "quiet"}
      size={withText ? "sm" : "icon"}
      aria-label={withText ? undefined : "Favorite"}
      aria-pressed={favorite}
      title={hint}
      // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
      aria-disabled={update.isPending || undefined}
      onClick={() =>
        !update.isPending &&
        update.mutate(
          { favorite: !favorite },
          {
            onSuccess: onUpdated,
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Error",
                description: serverMessage(error, "Failed to update the link"),
              }),
          },
        )
      }
      className={cn(withText ? undefined : "-mt-1", className)}
    >
      <Star aria-hidden="true" className={cn(favorite && "fill-amber-400 text-amber-500")} />
      {withText ? "Favorite" : null}
    </Button>
  );
}
