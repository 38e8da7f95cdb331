import type { Metadata } from "next";
import { headers } from "next/headers";
import { SavePage } from "@/components/save/save-page";
import { ASK_BEFORE_SAVING_PARAM } from "@/lib/auth/return-to";
import { requireOnboardedUser } from "@/lib/auth/session";
import { firstParam, isUserStartedNavigation, sharedLink } from "@/lib/save/shared-link";

export const metadata: Metadata = { title: "Save" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The Web Share Target of the installed app (app/manifest.ts): /share?title=…&text=…&url=…. The
// share sheet's navigation is the browser's own (Sec-Fetch-Site: none), so it saves at once; a
// navigation from another site, or the return from a sign-in (which anyone can start for anyone,
// lib/auth/return-to.ts), asks first.
export default async function ShareRoute({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const shared = { url: firstParam(params.url), title: firstParam(params.title), text: firstParam(params.text) };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(shared)) if (value !== null) query.set(key, value);
  const fromSignIn = firstParam(params[ASK_BEFORE_SAVING_PARAM]) !== null;
  const userOpened = !fromSignIn && isUserStartedNavigation((await headers()).get("sec-fetch-site"));
  await requireOnboardedUser(`/share?${query.toString()}`);
  return <SavePage link={sharedLink(shared)} closeWhenSaved={false} saveAtOnce={userOpened} />;
}
