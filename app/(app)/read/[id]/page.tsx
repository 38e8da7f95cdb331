import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ArticlePending } from "@/components/reader/article-pending";
import { ArticleUnavailable } from "@/components/reader/article-unavailable";
import { ListenMount } from "@/components/reader/listen-mount";
import { ReaderControls } from "@/components/reader/reader-controls";
import { ReaderView } from "@/components/reader/reader-view";
import { findReaderLink } from "@/lib/articles/service";
import { signedOutDestination } from "@/lib/auth/return-to";
import { getCurrentUser } from "@/lib/auth/session";
import { toLinkResponse } from "@/lib/links/response";

export const metadata: Metadata = { title: "Read" };

export default async function ReadPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  const { id } = await params;
  // The same as the layout's, which may answer first.
  if (!user) redirect(signedOutDestination(`/read/${encodeURIComponent(id)}`));
  // One moment for the page: the first open it records and the reminder's days (docs/decisions/0306).
  const now = new Date();
  const found = await findReaderLink(user, id, now);
  if (!found) notFound();
  const link = toLinkResponse(found.link);
  const { article } = found;

  return (
    <div className="mx-auto grid max-w-[44rem] grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <ReaderControls link={link} timeZone={user.timezone} serverNow={now.getTime()} />
      {article.status === "ready" ? <ListenMount linkId={link.id} lang={article.lang} /> : null}
      {article.status === "ready" ? (
        <ReaderView link={link} article={article} />
      ) : article.status === "pending" ? (
        <ArticlePending linkId={link.id} url={link.url} />
      ) : (
        <ArticleUnavailable link={link} article={article} />
      )}
    </div>
  );
}
