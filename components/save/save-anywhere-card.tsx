import { BookmarkletLink } from "@/components/save/bookmarklet-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The dashboard's "Save from anywhere" card: the bookmarklet, and the share menu on phones. */
export function SaveAnywhereCard({ origin, saveKey }: { origin: string; saveKey: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Save from anywhere</CardTitle>
        <CardDescription>Stash pages without opening LinkStash.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <BookmarkletLink origin={origin} saveKey={saveKey} />
        <p className="text-sm text-muted-foreground">
          On a phone, add LinkStash to your home screen (Install app), then choose Share → LinkStash in any app.
        </p>
      </CardContent>
    </Card>
  );
}
