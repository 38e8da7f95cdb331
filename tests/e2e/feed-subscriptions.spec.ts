import { createServer, type Server } from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";
import { expectNoHorizontalOverflow, toastButton, toastText } from "./screen-helpers";
import { signUpAndOnboard } from "./support";

// Settings → Feed subscriptions at phone width: a locally served RSS feed added by keyboard, its
// newest 5 posts in the stash at once, an Atom feed added for the digest, a feed changed to the
// digest, and an unsubscribe confirmed first.

const origin = `http://127.0.0.1:${articlePagesPort}`;
const POSTS = Array.from({ length: 6 }, (_, i) => ({
  n: i + 1,
  title: `Harbour post ${i + 1}`,
  url: `${origin}/posts/${i + 1}`,
  // Post 6 is the newest, post 1 the oldest: the one a subscription does not bring in.
  published: new Date(Date.UTC(2026, 10, 10 + i, 9)).toUTCString(),
}));

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
  <title>Harbour Lights</title><link>${origin}/</link><description>Notes from the harbour</description>
  ${POSTS.map(
    (post) => `<item><title>${post.title}</title><link>${post.url}</link><guid>${post.url}</guid>
    <pubDate>${post.published}</pubDate><description>Post ${post.n} of the harbour.</description></item>`,
  ).join("\n")}
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Ferry Notes</title><id>${origin}/ferry</id><updated>2026-11-20T09:00:00Z</updated>
  <link rel="alternate" href="${origin}/ferry"/>
  <entry><title>The night crossing</title><id>${origin}/ferry/1</id><link href="${origin}/ferry/1"/>
    <updated>2026-11-20T09:00:00Z</updated><summary>Across the dark water.</summary></entry>
</feed>`;

const postPage = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1>
  <p>The harbour lights came on one by one as the boats came in.</p></article></body></html>`;

let server: Server;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (url === "/feed.xml") return res.writeHead(200, { "content-type": "application/rss+xml" }).end(RSS);
    if (url === "/ferry.atom") return res.writeHead(200, { "content-type": "application/atom+xml" }).end(ATOM);
    const post = POSTS.find((candidate) => candidate.url === `${origin}${url}`);
    // Any other address is a plain page with no feed: what Add feed refuses.
    return res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(postPage(post ? post.title : "A page without a feed"));
  });
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

test.use({ viewport: { width: 375, height: 812 } });

/** A link in History to `url`, whose name starts with `title`. */
function historyLink(page: Page, title: string, url: string) {
  return page
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`^${title}`) })
    .and(page.locator(`[href="${url}"]`));
}

test("a feed added by keyboard brings its newest 5 posts; changed to the digest; unsubscribed after asking", async ({
  page,
}) => {
  // Sign-up, then three feed reads and the posts' pages: more than the default minute on a busy machine.
  test.slow();
  await signUpAndOnboard(page);
  await page.goto("/settings");
  const card = page.locator("#subscriptions");
  await expect(card.getByRole("heading", { name: "Feed subscriptions", level: 2 })).toBeVisible();
  await expect(card.getByText("No feed subscriptions yet.")).toBeVisible();

  // By keyboard: Tab to the address, type, Tab past the category and where items go, Enter on Add feed.
  const address = card.getByLabel("A feed's or a site's address");
  for (
    let presses = 0;
    presses < 120 && !(await address.evaluate((node) => node === document.activeElement));
    presses += 1
  )
    await page.keyboard.press("Tab");
  await expect(address).toBeFocused();

  // A page with no feed is refused where the address is, and read out (role="alert").
  await page.keyboard.type(`${origin}/no-feed-here`);
  await page.keyboard.press("Enter");
  await expect(card.getByRole("alert").first()).toHaveText(/\S/);
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`${origin}/feed.xml`);
  await page.keyboard.press("Tab");
  await expect(card.getByLabel("Category")).toBeFocused();
  await expect(card.getByLabel("Category")).toHaveValue("Uncategorized");
  await page.keyboard.press("Tab");
  const toStash = card.getByRole("radio", { name: "Save to my stash" });
  await expect(toStash).toBeFocused();
  await expect(toStash).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Add feed", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(toastText(page, "Subscribed to Harbour Lights")).toBeVisible({ timeout: 30_000 });
  await expect(toastText(page, "Its newest items (up to 5) are in your stash.")).toBeVisible();
  await expect(address).toHaveValue("");
  const list = card.getByRole("list", { name: "Your subscriptions" });
  const harbour = list.getByRole("listitem").filter({ hasText: "Harbour Lights" });
  await expect(harbour.getByRole("link", { name: /^Harbour Lights/ })).toHaveAttribute("href", `${origin}/`);
  await expect(harbour.getByText(`${origin}/feed.xml`, { exact: true })).toBeVisible();
  await expect(harbour.getByText("Uncategorized · New items are saved to your stash")).toBeVisible();
  await expect(harbour.getByText(/^Last checked (just now|\d+ minutes? ago)$/)).toBeVisible();
  await expect(harbour.getByText(/^Last check failed/)).toHaveCount(0);

  // Check now answers, whether with the check or with how long to wait before the next.
  await harbour.getByRole("button", { name: "Check now: Harbour Lights", exact: true }).click();
  await expect(harbour.getByRole("status")).toHaveText(/\S/, { timeout: 30_000 });

  // The second, by mouse: an Atom feed for the digest, filed in News.
  await address.fill(`${origin}/ferry.atom`);
  await card.getByLabel("Category").selectOption("News");
  await card.getByRole("radio", { name: "Only list them in my digest" }).click();
  await card.getByRole("button", { name: "Add feed", exact: true }).click();
  await expect(toastText(page, "Subscribed to Ferry Notes")).toBeVisible({ timeout: 30_000 });
  await expect(toastText(page, "Its newest items (up to 5) will be in your next digest.")).toBeVisible();
  const ferry = list.getByRole("listitem").filter({ hasText: "Ferry Notes" });
  await expect(ferry.getByText("News · New items are listed in your digest")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // The toast would cover the card in its screenshot.
  await toastButton(page, "Close").click();
  await expect(toastText(page, "Subscribed to Ferry Notes")).toHaveCount(0);

  await expectNoHorizontalOverflow(page);
  const axe = await new AxeBuilder({ page }).include("#subscriptions").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  // The sticky header would cover the top of a card taller than the screen.
  await card.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "settings-feed-subscriptions-phone.png"),
    style: "header { visibility: hidden; }",
    animations: "disabled",
  });

  // The newest 5 posts came in as links at once; the oldest did not. The digest feed's post did not.
  await page.goto("/history");
  for (const post of POSTS.slice(1)) await expect(historyLink(page, post.title, post.url)).toBeVisible();
  await expect(page.locator(`[href="${POSTS[0]?.url}"]`)).toHaveCount(0);
  await expect(page.locator(`[href="${origin}/ferry/1"]`)).toHaveCount(0);

  // Change: the feed's new items go to the digest from now on.
  await page.goto("/settings#subscriptions");
  const change = harbour.getByRole("button", { name: "Change Harbour Lights", exact: true });
  await change.click();
  const form = harbour.getByRole("form", { name: "Change Harbour Lights" });
  await form.getByLabel("Where new items go").selectOption({ label: "Only list them in my digest" });
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(harbour.getByRole("status")).toHaveText("Saved.");
  await expect(form).toHaveCount(0);
  await expect(change).toBeFocused();
  await expect(harbour.getByText("Uncategorized · New items are listed in your digest")).toBeVisible();

  // Unsubscribe asks first; the links the feed brought stay.
  await harbour.getByRole("button", { name: "Unsubscribe from Harbour Lights", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Unsubscribe from Harbour Lights?" });
  await dialog.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  await expect(card.getByText("Unsubscribed from Harbour Lights.")).toBeVisible();
  await expect(harbour).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.reload();
  await expect(card.getByRole("list", { name: "Your subscriptions" }).getByRole("listitem")).toHaveCount(1);
  await page.goto("/history");
  await expect(historyLink(page, "Harbour post 6", `${origin}/posts/6`)).toBeVisible();
});
