"use client";

import dynamic from "next/dynamic";

// Highlighting loads after the page (the reader's first load stays within its weight budget).
const ReaderHighlights = dynamic(() => import("@/components/reader/reader-highlights"), { ssr: false });

/** Where the reader's highlights live: painted into the article before it, listed here. */
export function HighlightsMount({ linkId }: { linkId: string }) {
  return <ReaderHighlights linkId={linkId} />;
}
