import { redirect } from "next/navigation";
import { QuickSave } from "@/components/save/quick-save";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/session";
import type { SharedLink } from "@/lib/shared-link";

/**
 * The body of /save (the bookmarklet's popup) and /share (the share target): sign in first and
 * come back to the same address, then save, at once when `userOpened` says the user opened the
 * page themselves, after a click otherwise.
 */
export async function SavePage({
  link,
  returnTo,
  closeWhenSaved,
  userOpened,
}: {
  link: SharedLink | null;
  returnTo: string;
  closeWhenSaved: boolean;
  userOpened: (userId: string) => boolean;
}) {
  const user = await getCurrentUser();
  if (!user) redirect(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (!user.onboarded) redirect("/onboarding");

  return (
    <div className="mx-auto max-w-md px-4 py-6">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            Save to LinkStash
          </CardTitle>
        </CardHeader>
        <CardContent>
          {link ? (
            <QuickSave link={link} closeWhenSaved={closeWhenSaved} saveAtOnce={userOpened(user.id)} />
          ) : (
            <p role="status">There is no web link to save here. Share a page, or use the bookmarklet on one.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
