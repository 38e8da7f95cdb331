import { describe, expect, it } from "vitest";
import { HttpError } from "@/lib/http/errors";
import { activeTurnGates, REQUESTS_AT_ONCE, REQUESTS_WAITING, takeTurn } from "./user-turns";

describe("takeTurn", () => {
  it("runs a few of one user's requests at once, the rest in order, and another user's beside them", async () => {
    const held = await Promise.all(Array.from({ length: REQUESTS_AT_ONCE }, () => takeTurn({ userId: "burst-user" })));
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) =>
      takeTurn({ userId: "burst-user" }).then((giveBack) => {
        order.push(n);
        return giveBack;
      }),
    );
    // Another user is not behind the burst.
    const other = await takeTurn({ userId: "other-user" });
    other();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);

    held[0]?.();
    held[0]?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([1]);
    for (const giveBack of held.slice(1)) giveBack();
    for (const giveBack of await Promise.all(waiting)) giveBack();
    expect(order).toEqual([1, 2, 3]);
    expect(activeTurnGates()).toBe(0);
  });

  it("refuses with 429 past the waiting bound, and forgets a user with nothing left running", async () => {
    const held = await Promise.all(
      Array.from({ length: REQUESTS_AT_ONCE }, () => takeTurn({ userId: "flooding-user" })),
    );
    // Each waiting request gives its turn back as soon as it has it, as a finished handler does.
    const waiting = Array.from({ length: REQUESTS_WAITING }, () =>
      takeTurn({ userId: "flooding-user" }).then((giveBack) => giveBack()),
    );
    const refused = await takeTurn({ userId: "flooding-user" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited" });

    for (const giveBack of held) giveBack();
    await Promise.all(waiting);
    expect(activeTurnGates()).toBe(0);
  });

  it("keeps a credential's turns apart from its user's and from other credentials", async () => {
    const held = await Promise.all(
      Array.from({ length: REQUESTS_AT_ONCE }, () => takeTurn({ credential: "session-of-a-flood" })),
    );
    let waited = false;
    const next = takeTurn({ credential: "session-of-a-flood" }).then((giveBack) => {
      waited = true;
      return giveBack;
    });
    // The same string as a user id, and another credential, are other holders.
    (await takeTurn({ userId: "session-of-a-flood" }))();
    (await takeTurn({ credential: "another-session" }))();
    await new Promise((resolve) => setImmediate(resolve));
    expect(waited).toBe(false);

    held[0]?.();
    (await next)();
    expect(waited).toBe(true);
    for (const giveBack of held.slice(1)) giveBack();
    expect(activeTurnGates()).toBe(0);
  });
});
