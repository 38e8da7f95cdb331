import type { Metadata } from "next";
import { headers } from "next/headers";
import { SavePage } from "@/components/save/save-page";
import { firstParam, isUserStartedNavigation, sharedLink } from "@/lib/shared-link";

export const metadata: Metadata = { title: "Save" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The Web Share Target of the installed app (app/manifest.ts): /share?title=…&text=…&url=…. The
// share sheet's navigation is the browser's own (Sec-Fetch-Site: none), so it saves at once; a
// navigation from another site asks first.
export default async function ShareRoute({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const shared = { url: firstParam(params.url), title: firstParam(params.title), text: firstParam(params.text) };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(shared)) if (value !== null) query.set(key, value);
  const userOpened = isUserStartedNavigation((await headers()).get("sec-fetch-site"));
  return (
    <SavePage link={sharedLink(shared)} returnTo={`/share?${query.toString()}`} closeWhenSaved={false} userOpened={() => userOpened} />
  );
}
