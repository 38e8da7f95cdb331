import { LazyShowTextAnyway } from "@/components/reader/lazy-show-text-anyway";
import { isRefusedAsNotArticle, type UnavailableArticle } from "@/lib/articles/response";
import { displayUrl } from "@/lib/links/display-url";
import type { LinkResponse } from "@/lib/links/response";

/**
 * Why the link has no article to show, and the original page. A page Readability did not call an
 * article may still have text worth reading: its owner may ask for it anyway (decision 0334).
 */
export function ArticleUnavailable({ link, article }: { link: LinkResponse; article: UnavailableArticle }) {
  const notArticle = isRefusedAsNotArticle(article.reason);
  return (
    // An untitled link's heading is its address, which may hold no place to break: the column gives
    // it no more than its width, and the address breaks anywhere within it.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border p-6">
      <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{link.title ?? displayUrl(link.url)}</h1>
      <p className="text-muted-foreground">
        {notArticle
          ? "This page is not an article, so there is nothing to read here."
          : `This page is not available as an article: ${article.reason}.`}
      </p>
      <a href={link.url} target="_blank" rel="noopener noreferrer" className="w-fit underline underline-offset-4">
        Open the original page
      </a>
      {notArticle ? <LazyShowTextAnyway linkId={link.id} /> : null}
    </div>
  );
}
