import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LinkHistory } from "@/components/links/link-history";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Link History" };

export default async function HistoryPage() {
  // The layout guards this page too, but layouts and pages render in parallel.
  const user = await getCurrentUser();
  if (!user) redirect("/");

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Link History</h1>
        <p className="text-muted-foreground">Browse all your previously saved links.</p>
      </div>
      <LinkHistory timeZone={user.timezone} />
    </div>
  );
}
