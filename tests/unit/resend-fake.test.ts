import { Resend } from "resend";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startResendFake, type ResendFake } from "@/tests/fakes/resend-fake";

// Drives the fake through the real `resend` SDK, so the fake is checked against the wire format
// the app's transport actually produces and parses.

const KEY = "re_test_key";
const FROM = "LinkStash <digest@linkstash.test>";

let fake: ResendFake;
let resend: Resend;

function email(to: string, subject = "Your digest") {
  return { from: FROM, to, subject, html: "<p>Hello</p>", text: "Hello" };
}

beforeAll(async () => {
  fake = await startResendFake();
  resend = new Resend(KEY, { baseUrl: fake.url });
});

beforeEach(() => {
  fake.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await fake.close();
});

/** Lets real I/O run (setImmediate is never faked here) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe("POST /emails", () => {
  it("records a send with its headers and returns its id", async () => {
    const { data, error } = await resend.emails.send({
      ...email("ana@example.com"),
      headers: { "List-Unsubscribe": "<https://linkstash.test/u/1>" },
    });

    expect(error).toBeNull();
    expect(fake.sent).toHaveLength(1);
    const [sent] = fake.sent;
    expect(sent).toMatchObject({
      id: data?.id,
      from: FROM,
      to: ["ana@example.com"],
      subject: "Your digest",
      html: "<p>Hello</p>",
      text: "Hello",
      headers: { "List-Unsubscribe": "<https://linkstash.test/u/1>" },
      idempotencyKey: null,
    });
    expect(sent?.receivedAt).toBeInstanceOf(Date);
    expect(fake.requests[0]).toMatchObject({
      method: "POST",
      path: "/emails",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    });
  });

  it("refuses a malformed address with validation_error", async () => {
    const { data, error } = await resend.emails.send(email("not-an-address"));

    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(error?.message).toContain("`to`");
    expect(fake.sent).toHaveLength(0);
  });

  it("names an absent subject or body", async () => {
    const noSubject = await resend.emails.send({ ...email("ana@example.com"), subject: "" });
    const noBody = await resend.emails.send({ from: FROM, to: "ana@example.com", subject: "s", text: "" });

    expect(noSubject.error).toMatchObject({ statusCode: 422, name: "missing_required_field" });
    expect(noBody.error).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(fake.sent).toHaveLength(0);
  });

  it("refuses a key that is not a Resend key", async () => {
    const wrongKey = new Resend("sk_not_resend", { baseUrl: fake.url });

    const { error } = await wrongKey.emails.send(email("ana@example.com"));

    expect(error).toMatchObject({ statusCode: 401, name: "invalid_api_key" });
    expect(fake.sent).toHaveLength(0);
  });

  it("refuses a request without Authorization, and answers 404 JSON elsewhere", async () => {
    // The SDK cannot send without a key, so these go over plain fetch.
    const anonymous = await fetch(`${fake.url}/emails`, {
      method: "POST",
      body: JSON.stringify(email("ana@example.com")),
    });
    const unknown = await fetch(`${fake.url}/domains`, { headers: { authorization: `Bearer ${KEY}` } });

    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ statusCode: 401, name: "missing_api_key" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: 404, name: "not_found" });
  });
});

describe("POST /emails/batch", () => {
  it("records every email of a batch with the ids it returns", async () => {
    const { data, error } = await resend.batch.send([
      email("a@example.com"),
      email("b@example.com"),
      email("c@example.com"),
    ]);

    expect(error).toBeNull();
    const ids = data?.data.map(({ id }) => id);
    expect(ids).toHaveLength(3);
    expect(fake.sent.map(({ id }) => id)).toEqual(ids);
    expect(fake.sent.map(({ to }) => to[0])).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(fake.requests[0]?.headers["x-batch-validation"]).toBe("strict");
  });

  it("refuses more than 100 emails", async () => {
    const emails = Array.from({ length: 101 }, (_, index) => email(`user${index}@example.com`));

    const { data, error } = await resend.batch.send(emails);

    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(fake.sent).toHaveLength(0);
  });

  it("refuses the whole batch for one bad email in strict mode, sends the rest in permissive mode", async () => {
    const emails = [email("a@example.com"), email("broken"), email("c@example.com")];

    const strict = await resend.batch.send(emails);
    expect(strict.error).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(strict.error?.message).toContain("emails[1]");
    expect(fake.sent).toHaveLength(0);

    const permissive = await resend.batch.send(emails, { batchValidation: "permissive" });
    expect(permissive.data?.data).toHaveLength(2);
    expect(permissive.data?.errors).toEqual([{ index: 1, message: expect.stringContaining("`to`") }]);
    expect(fake.sent.map(({ to }) => to[0])).toEqual(["a@example.com", "c@example.com"]);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer without sending again", async () => {
    const first = await resend.emails.send(email("ana@example.com"), { idempotencyKey: "digest/1" });
    const again = await resend.emails.send(email("ana@example.com"), { idempotencyKey: "digest/1" });

    expect(again.data?.id).toBe(first.data?.id);
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.idempotencyKey).toBe("digest/1");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.headers["idempotency-key"]).toBe("digest/1");
  });

  it("replays a batch with the same ids", async () => {
    const batch = [email("a@example.com"), email("b@example.com")];

    const first = await resend.batch.send(batch, { idempotencyKey: "cron/run-1" });
    const again = await resend.batch.send(batch, { idempotencyKey: "cron/run-1" });

    expect(again.data?.data).toEqual(first.data?.data);
    expect(fake.sent).toHaveLength(2);
  });

  it("refuses the same key with a different payload", async () => {
    await resend.emails.send(email("ana@example.com"), { idempotencyKey: "digest/2" });

    const { data, error } = await resend.emails.send(email("ana@example.com", "Other subject"), {
      idempotencyKey: "digest/2",
    });

    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: 409, name: "invalid_idempotent_request" });
    expect(fake.sent).toHaveLength(1);
  });

  it("refuses a key longer than 256 characters", async () => {
    const { error } = await resend.emails.send(email("ana@example.com"), { idempotencyKey: "k".repeat(257) });

    expect(error).toMatchObject({ statusCode: 400, name: "invalid_idempotency_key" });
    expect(fake.sent).toHaveLength(0);
  });

  it("answers 409 concurrent_idempotent_requests while the first request is in progress", async () => {
    // The fake's 200 ms of latency runs on the fake clock: the first send stays in progress until it moves.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const slow = await startResendFake({ latencyMs: 200 });
    try {
      const client = new Resend(KEY, { baseUrl: slow.url });
      let firstAnswered = false;
      const first = client.emails.send(email("ana@example.com"), { idempotencyKey: "digest/3" }).finally(() => {
        firstAnswered = true;
      });
      await until(() => slow.requests.length === 1);
      const overlapping = await client.emails.send(email("ana@example.com"), { idempotencyKey: "digest/3" });

      expect(overlapping.error).toMatchObject({ statusCode: 409, name: "concurrent_idempotent_requests" });
      expect(firstAnswered).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect((await first).error).toBeNull();
      expect(slow.sent).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe("injected failures and rate limiting", () => {
  it("fails the next request with 429 and retry-after visible in the SDK's headers", async () => {
    fake.failNext(1, { status: 429, retryAfterSeconds: 2 });

    const limited = await resend.emails.send(email("ana@example.com"));
    const next = await resend.emails.send(email("ana@example.com"));

    expect(limited.data).toBeNull();
    expect(limited.error).toMatchObject({ statusCode: 429, name: "rate_limit_exceeded" });
    expect(limited.headers).toMatchObject({ "retry-after": "2", "ratelimit-remaining": "0", "ratelimit-reset": "2" });
    expect(next.error).toBeNull();
    expect(fake.sent).toHaveLength(1);
  });

  it("fails the next request with 500", async () => {
    fake.failNext(1, { status: 500 });

    const { error } = await resend.emails.send(email("ana@example.com"));

    expect(error).toMatchObject({ statusCode: 500, name: "internal_server_error" });
    expect(fake.sent).toHaveLength(0);
  });

  it("answers 429 beyond the per-second limit and accepts again once the second has passed", async () => {
    // The fake's rolling second reads Date.now(): a frozen clock, moved on by hand.
    vi.useFakeTimers({ toFake: ["Date"] });
    fake.setRateLimit(2);

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => resend.emails.send(email(`u${index}@example.com`))),
    );
    const accepted = answers.filter(({ error }) => error === null);
    const limited = answers.filter(({ error }) => error?.name === "rate_limit_exceeded");

    expect(accepted).toHaveLength(2);
    expect(limited).toHaveLength(3);
    expect(accepted[0]?.headers).toMatchObject({ "ratelimit-limit": "2" });
    expect(limited[0]?.headers).toMatchObject({
      "ratelimit-limit": "2",
      "ratelimit-remaining": "0",
      "retry-after": "1",
    });
    expect(fake.sent).toHaveLength(2);

    const retryAfterMs = Number(limited[0]?.headers?.["retry-after"]) * 1000;
    vi.setSystemTime(Date.now() + retryAfterMs - 1);
    expect((await resend.emails.send(email("early@example.com"))).error?.name).toBe("rate_limit_exceeded");
    vi.setSystemTime(Date.now() + 1);
    const afterWait = await resend.emails.send(email("late@example.com"));
    expect(afterWait.error).toBeNull();
  });

  it("reset() forgets sends, requests, keys, failures and the limit", async () => {
    fake.setRateLimit(1);
    fake.failNext(3, { status: 500 });
    await resend.emails.send(email("ana@example.com"), { idempotencyKey: "digest/4" });

    fake.reset();
    const first = await resend.emails.send(email("ana@example.com", "Changed"), { idempotencyKey: "digest/4" });
    const second = await resend.emails.send(email("bob@example.com"));

    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect(fake.sent).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
  });
});

describe("counts", () => {
  it("counts calls, emails, repeated recipients and 429s, and answers them at GET /_fake/stats", async () => {
    fake.setRateLimit(2);
    await resend.batch.send([email("ana@example.com"), email("bob@example.com")], { idempotencyKey: "batch/1" });
    // A replay is not a new send; a third call within the second is refused.
    await resend.batch.send([email("ana@example.com"), email("bob@example.com")], { idempotencyKey: "batch/1" });
    await resend.emails.send(email("Ana@example.com"));

    const stats = fake.stats();
    expect(stats).toMatchObject({
      requests: 3,
      rateLimited: 1,
      acceptedCalls: 1,
      acceptedEmails: 2,
      recipients: 2,
      duplicateRecipients: 0,
      peakRequestsPerSecond: 3,
    });
    expect(stats.lastAcceptedAt).toBeGreaterThanOrEqual(stats.firstAcceptedAt ?? Infinity);

    fake.setRateLimit(undefined);
    await resend.emails.send(email("Ana@example.com"));
    const served = await (await fetch(`${fake.url}/_fake/stats`)).json();
    expect(served).toMatchObject({ acceptedCalls: 2, acceptedEmails: 3, recipients: 2, duplicateRecipients: 1 });
  });

  it("keeps only the counts when told not to keep messages", async () => {
    const counting = await startResendFake({ keepMessages: false });
    try {
      const client = new Resend(KEY, { baseUrl: counting.url });
      await client.batch.send([email("ana@example.com"), email("bob@example.com")]);
      expect(counting.sent).toHaveLength(0);
      expect(counting.requests).toHaveLength(0);
      expect(counting.stats()).toMatchObject({ acceptedCalls: 1, acceptedEmails: 2, recipients: 2 });
    } finally {
      await counting.close();
    }
  });
});
