import type { Metadata } from "next";
import { SavePage } from "@/components/save/save-page";
import { isSaveKey } from "@/lib/save-key";
import { firstParam } from "@/lib/shared-link";

export const metadata: Metadata = { title: "Save" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The bookmarklet's popup: /save?key=…&url=…&title=…&text=<selection>. The selection is the note;
// the key (lib/save-key.ts) lets the page save without asking.
export default async function SaveRoute({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const url = firstParam(params.url)?.trim();
  const query = new URLSearchParams();
  for (const key of ["key", "url", "title", "text"]) {
    const value = firstParam(params[key]);
    if (value !== null) query.set(key, value);
  }
  const link = url ? { url, title: firstParam(params.title)?.trim() || null, notes: firstParam(params.text)?.trim() || null } : null;
  const saveKey = firstParam(params.key);
  return <SavePage link={link} returnTo={`/save?${query.toString()}`} closeWhenSaved userOpened={(userId) => isSaveKey(userId, saveKey)} />;
}
