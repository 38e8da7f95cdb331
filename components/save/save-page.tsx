import { QuickSave } from "@/components/save/quick-save";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { SharedLink } from "@/lib/save/shared-link";

/**
 * The body of /save (the bookmarklet's popup) and /share (the share target) for a signed-in user:
 * saves at once when `saveAtOnce` says the user opened the page themselves, after a click otherwise.
 */
export function SavePage({
  link,
  closeWhenSaved,
  saveAtOnce,
}: {
  link: SharedLink | null;
  closeWhenSaved: boolean;
  saveAtOnce: boolean;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-6">
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="large">
            Save to LinkStash
          </CardTitle>
        </CardHeader>
        <CardContent>
          {link ? (
            <QuickSave link={link} closeWhenSaved={closeWhenSaved} saveAtOnce={saveAtOnce} />
          ) : (
            <p role="status">There is no web link to save here. Share a page, or use the bookmarklet on one.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
