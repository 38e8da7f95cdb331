import type { Metadata } from "next";
import { SavePage } from "@/components/save/save-page";
import { ASK_BEFORE_SAVING_PARAM } from "@/lib/auth/return-to";
import { requireOnboardedUser } from "@/lib/auth/session";
import { isSaveKey } from "@/lib/save/save-key";
import { firstParam } from "@/lib/save/shared-link";

export const metadata: Metadata = { title: "Save" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The bookmarklet's popup: /save?key=…&url=…&title=…&text=<selection>. The selection is the note;
// the key (lib/save/save-key.ts) lets the page save without asking, except on the return from a
// sign-in (lib/auth/return-to.ts).
export default async function SaveRoute({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const url = firstParam(params.url)?.trim();
  const query = new URLSearchParams();
  for (const key of ["key", "url", "title", "text"]) {
    const value = firstParam(params[key]);
    if (value !== null) query.set(key, value);
  }
  const link = url
    ? { url, title: firstParam(params.title)?.trim() || null, notes: firstParam(params.text)?.trim() || null }
    : null;
  const fromSignIn = firstParam(params[ASK_BEFORE_SAVING_PARAM]) !== null;
  const user = await requireOnboardedUser(`/save?${query.toString()}`);
  return <SavePage link={link} closeWhenSaved saveAtOnce={!fromSignIn && isSaveKey(user.id, firstParam(params.key))} />;
}
