import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ArticlePending } from "@/components/reader/article-pending";
import { ListenMount } from "@/components/reader/listen-mount";
import { ReaderControls } from "@/components/reader/reader-controls";
import { ReaderView } from "@/components/reader/reader-view";
import { UNAVAILABLE_REASONS } from "@/lib/articles/unavailable-reasons.mjs";
import { findReaderLink } from "@/lib/articles/service";
import { getCurrentUser } from "@/lib/auth/session";
import { displayUrl } from "@/lib/links/display-url";
import { toLinkResponse } from "@/lib/links/response";

export const metadata: Metadata = { title: "Read" };

export default async function ReadPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  // One moment for the page: the first open it records and the reminder's days (docs/decisions/0306).
  const now = new Date();
  const found = await findReaderLink(user, (await params).id, now);
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
        <div className="grid gap-2 rounded-lg border p-6">
          <h1 className="text-2xl font-bold tracking-tight">{link.title ?? displayUrl(link.url)}</h1>
          <p className="text-muted-foreground">
            {article.reason === null || article.reason === UNAVAILABLE_REASONS.notArticle
              ? "This page is not an article, so there is nothing to read here."
              : `This page is not available as an article: ${article.reason}.`}
          </p>
          <a href={link.url} target="_blank" rel="noopener noreferrer" className="w-fit underline underline-offset-4">
            Open the original page
          </a>
        </div>
      )}
    </div>
  );
}
