import { describe, expect, it } from "vitest";
import { POST as sendNow } from "@/app/api/digest/send-now/route";
import { getDb } from "@/lib/db/client";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// One count for a digest: Send now's answer (the toast), the mail's count line and the links its
// list shows (whole, on one line, "and N more") say the same number, and the HTML stays under
// Gmail's clipping size with its unsubscribe link.

const GMAIL_CLIP_BYTES = 102 * 1024;
const DAY_MS = 86_400_000;

async function digestOf(email: string) {
  const message = await getDb().mailboxMessage.findFirstOrThrow({
    where: { to: email },
    orderBy: { createdAt: "desc" },
  });
  const { html } = message;
  const line = html.match(/Here are (?:the )?(\d+) links/)?.[1];
  return {
    html,
    bytes: Buffer.byteLength(html, "utf8"),
    countLine: Number(line ?? Number.NaN),
    listed:
      (html.match(/>Mark as read<\/a>/g)?.length ?? 0) +
      (html.match(/<span class="d-mu"[^>]*>·\u00a0[^<]*<\/span>/g)?.length ?? 0) +
      Number(html.match(/>and (\d+) more in LinkStash<\/a>/)?.[1] ?? 0),
  };
}

const toastCount = (message: string) =>
  Number(message.match(/Your digest with (\d+) links? was sent/)?.[1] ?? Number.NaN);

describe("one count across Send now's answer and its mail", () => {
  it("says the same number in the answer, the count line and the list, twice in a row, under 102 KB", async () => {
    const now = Date.now();
    const { user, cookie } = await signedInUser({ digestCursor: new Date(now - 2 * DAY_MS) });
    await getDb().link.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        userId: user.id,
        url: `https://news.example.test/articles/${i}`,
        title: `Article ${i}`,
        description: "A sentence or two about the article, as its page describes it.",
        createdAt: new Date(now - DAY_MS + i * 60_000),
      })),
    });
    // Due back today: the first Send now carries it under "Back today", the second cannot (once a day).
    await getDb().link.create({
      data: {
        userId: user.id,
        url: "https://old.example.test/asked-back",
        title: "Asked back",
        createdAt: new Date(now - 30 * DAY_MS),
        remindOn: new Date(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`),
      },
    });

    const first = await (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json();
    expect(first.success).toBe(true);
    const mail = await digestOf(user.email);
    expect(toastCount(first.message)).toBe(61);
    expect(mail.countLine).toBe(61);
    expect(mail.listed).toBe(61);
    expect(mail.html).toContain(
      "Here are 61 links: 60 you saved since your last scheduled digest, and 1 that came back.",
    );
    expect(mail.html).toContain(">and 11 more in LinkStash</a>");
    expect(mail.bytes).toBeLessThan(GMAIL_CLIP_BYTES);
    expect(mail.html).toMatch(/>Unsubscribe from digest emails<\/a>/);

    const second = await (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json();
    expect(second.success).toBe(true);
    const again = await digestOf(user.email);
    expect(toastCount(second.message)).toBe(60);
    expect(again.countLine).toBe(60);
    expect(again.listed).toBe(60);
    expect(again.html).toContain("Here are the 60 links you saved since your last scheduled digest.");
    expect(again.bytes).toBeLessThan(GMAIL_CLIP_BYTES);
  });
});
