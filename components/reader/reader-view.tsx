import { Badge } from "@/components/ui/badge";
import { HighlightsMount } from "@/components/reader/highlights-mount";
import { BookActions } from "@/components/books/book-actions";
import { MarkReadAtEnd } from "@/components/reader/mark-read-at-end";
import { PDF_MIME_TYPE, type ReadyArticle } from "@/lib/articles/response";
import { withFocusableScrollBoxes } from "@/lib/articles/focusable-scroll-boxes";
import { displayUrl } from "@/lib/links/display-url";
import type { LinkResponse } from "@/lib/links/response";
import { isMailOnlyUrl } from "@/lib/inbound-mail/mail-url";

/**
 * The article in a comfortable measure: its header, the link's categories and notes, the text. The
 * article's language and direction are on its own words only (title, byline, text): the app's
 * words around them stay in the app's (decision 0335).
 */
export function ReaderView({ link, article }: { link: LinkResponse; article: ReadyArticle }) {
  const title = article.title ?? link.title ?? displayUrl(link.url);
  const origin = new URL(link.url).hostname;
  const own = { lang: article.lang ?? undefined, dir: article.dir ?? undefined };
  return (
    <article className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          {article.siteName ?? origin}
          {" · "}
          {`${article.readingMinutes} min read`}
        </p>
        <h1 {...own} className="text-3xl leading-tight font-bold tracking-tight text-balance wrap-anywhere sm:text-4xl">
          {title}
        </h1>
        {article.byline ? (
          <p {...own} className="break-words text-muted-foreground">
            {article.byline}
          </p>
        ) : null}
        {/* A newsletter saved from a mail without a web version: the mail is the original. */}
        {isMailOnlyUrl(link.url) ? null : article.mimeType === PDF_MIME_TYPE ? (
          // The text is read from a PDF (decision 0415): its figures, tables and layout are in the PDF itself.
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="w-fit max-w-full font-medium break-all underline underline-offset-4"
            >
              Open the PDF
            </a>
            <span className="break-all text-muted-foreground">{displayUrl(link.url)}</span>
          </p>
        ) : (
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="w-fit max-w-full text-sm break-all underline underline-offset-4"
          >
            Original: {displayUrl(link.url)}
          </a>
        )}
        <div className="flex flex-wrap gap-1.5" aria-label="Categories">
          {link.categories.map((name, index) => (
            <Badge key={name} variant={index === 0 ? "default" : "secondary"}>
              {name}
            </Badge>
          ))}
        </div>
        {link.notes ? (
          <aside className="rounded-md border-l-4 bg-muted/50 p-3 text-sm whitespace-pre-wrap" aria-label="Your notes">
            {link.notes}
          </aside>
        ) : null}
      </header>
      {/* Sanitised with an allow-list when it was stored (lib/articles/sanitize.mjs). */}
      <div
        {...own}
        className="reader-content"
        dangerouslySetInnerHTML={{ __html: withFocusableScrollBoxes(article.contentHtml) }}
      />
      <HighlightsMount linkId={link.id} />
      <MarkReadAtEnd linkId={link.id} alreadyRead={link.readAt !== null} />
      <div dir="ltr">
        <BookActions selection={{ link: link.id }} label="Read it on an e-reader" />
      </div>
    </article>
  );
}
