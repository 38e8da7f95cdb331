import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { getCurrentUser } from "@/lib/session";
import { isPro } from "@/lib/plans";

export const metadata: Metadata = { title: "Today's Stash" };

export default async function DashboardPage() {
  const user = await getCurrentUser();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Today&apos;s Stash</h1>
        {user && isPro(user, new Date()) ? <Badge>Pro Account</Badge> : null}
      </div>
    </div>
  );
}
