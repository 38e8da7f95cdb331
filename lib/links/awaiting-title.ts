// A new link's title (and reading time) arrives after the save: its page is fetched in the
// background. The lists that show it ask again while a recent link still has none, and stop once
// every link has one or is old enough that its page has evidently not answered.

/** How long after a save a link without a title keeps its list asking again. */
export const TITLE_WAIT_MS = 2 * 60_000;
/** How often a list asks again meanwhile. */
export const TITLE_POLL_MS = 2_000;

/** Whether any of `links` was saved within TITLE_WAIT_MS of `now` and has no title yet. */
export function awaitsTitle(links: readonly { title: string | null; createdAt: string }[], now: number): boolean {
  return links.some((link) => link.title === null && now - Date.parse(link.createdAt) < TITLE_WAIT_MS);
}
