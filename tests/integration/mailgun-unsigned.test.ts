import { describe, expect, it, vi } from "vitest";
import { POST as mailgunRoute } from "@/app/api/inbound/mailgun/mime/route";

// Forged posts to the Mailgun webhook (decision 0350): each is refused (401), and however many
// arrive at once, the process reads only a couple of their bodies at a time. Counted in bytes the
// handler pulled from the bodies of requests it had not yet answered, not in memory or time.

vi.hoisted(() => {
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
  process.env.MAILGUN_WEBHOOK_SIGNING_KEY = "mailgun-signing-key-for-the-unsigned-test";
});

const MB = 1024 * 1024;
const BODY_MB = 28;
const POSTS = 10;
const BOUNDARY = "forged-boundary";

/** Bytes pulled from bodies whose request is not answered yet, and the most at any moment. */
const pulled = { now: 0, most: 0 };

/** A forged Mailgun post: the signature fields first, then a 28 MB body-mime, streamed in 1 MB chunks. */
function forgedPost(): { request: Request; answered: () => void } {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field("recipient", "someone@save.linkstash.test") +
      field("sender", "forger@example.test") +
      field("timestamp", String(Math.floor(Date.now() / 1000))) +
      field("token", "t".repeat(50)) +
      field("signature", "0".repeat(64)) +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="body-mime"\r\n\r\n`,
  );
  const chunk = Buffer.alloc(MB, "x");
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  let mine = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = sent === 0 ? head : sent <= BODY_MB ? chunk : tail;
      sent += 1;
      mine += next.length;
      pulled.now += next.length;
      pulled.most = Math.max(pulled.most, pulled.now);
      controller.enqueue(new Uint8Array(next));
      if (sent > BODY_MB + 1) controller.close();
    },
  });
  // Node requires `duplex` for a stream body; the DOM typings do not know it yet.
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "user-agent": "forger/1.0" },
  };
  const request = new Request("http://localhost:3000/api/inbound/mailgun/mime", init);
  return { request, answered: () => (pulled.now -= mine) };
}

describe("forged posts to the Mailgun webhook", () => {
  it("are each refused (401) while at most two bodies are read at a time", async () => {
    const posts = Array.from({ length: POSTS }, forgedPost);
    const statuses = await Promise.all(
      posts.map(async ({ request, answered }) => {
        const res = await mailgunRoute(request);
        answered();
        return res.status;
      }),
    );
    expect(statuses).toEqual(Array.from({ length: POSTS }, () => 401));
    // Two whole bodies, and the first chunk or two of each waiting stream (pulled when it was made).
    const bodyBytes = BODY_MB * MB;
    expect(pulled.most).toBeGreaterThanOrEqual(bodyBytes);
    expect(pulled.most).toBeLessThanOrEqual(2 * (bodyBytes + 2 * MB) + POSTS * 2 * MB);
  }, 120_000);

  it("refuses a post that is not a form without reading it", async () => {
    let read = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        read += MB;
        controller.enqueue(new Uint8Array(MB));
        if (read >= 20 * MB) controller.close();
      },
    });
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/octet-stream" },
    };
    const res = await mailgunRoute(new Request("http://localhost:3000/api/inbound/mailgun/mime", init));
    expect(res.status).toBe(401);
    expect(read).toBeLessThanOrEqual(2 * MB);
  });
});
