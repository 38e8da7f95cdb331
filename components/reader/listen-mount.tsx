"use client";

import dynamic from "next/dynamic";

// Listen's code loads after the page (decision 0318): the reader's first load stays within its budget.
const ListenPlayer = dynamic(() => import("@/components/reader/listen-player").then((module) => module.ListenPlayer), {
  ssr: false,
  loading: () => null,
});

/** Where the reader shows Listen: a button that opens the player. */
export function ListenMount({ linkId, lang }: { linkId: string; lang: string | null }) {
  return <ListenPlayer linkId={linkId} lang={lang ?? undefined} />;
}
