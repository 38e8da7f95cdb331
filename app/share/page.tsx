import type { Metadata } from "next";
import { SavePage } from "@/components/save/save-page";
import { firstParam, sharedLink } from "@/lib/shared-link";

export const metadata: Metadata = { title: "Save" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The Web Share Target of the installed app (app/manifest.ts): /share?title=…&text=…&url=….
export default async function ShareRoute({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const shared = { url: firstParam(params.url), title: firstParam(params.title), text: firstParam(params.text) };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(shared)) if (value !== null) query.set(key, value);
  return <SavePage link={sharedLink(shared)} returnTo={`/share?${query.toString()}`} closeWhenSaved={false} />;
}
