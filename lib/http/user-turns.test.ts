import { describe, expect, it } from "vitest";
import { HttpError } from "@/lib/http/errors";
import { activeUserGates, takeUserTurn, USER_REQUESTS_AT_ONCE, USER_REQUESTS_WAITING } from "./user-turns";

describe("takeUserTurn", () => {
  it("runs a few of one user's requests at once, the rest in order, and another user's beside them", async () => {
    const held = await Promise.all(Array.from({ length: USER_REQUESTS_AT_ONCE }, () => takeUserTurn("burst-user")));
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) =>
      takeUserTurn("burst-user").then((giveBack) => {
        order.push(n);
        return giveBack;
      }),
    );
    // Another user is not behind the burst.
    const other = await takeUserTurn("other-user");
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
    expect(activeUserGates()).toBe(0);
  });

  it("refuses with 429 past the waiting bound, and forgets a user with nothing left running", async () => {
    const held = await Promise.all(Array.from({ length: USER_REQUESTS_AT_ONCE }, () => takeUserTurn("flooding-user")));
    // Each waiting request gives its turn back as soon as it has it, as a finished handler does.
    const waiting = Array.from({ length: USER_REQUESTS_WAITING }, () =>
      takeUserTurn("flooding-user").then((giveBack) => giveBack()),
    );
    const refused = await takeUserTurn("flooding-user").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited" });

    for (const giveBack of held) giveBack();
    await Promise.all(waiting);
    expect(activeUserGates()).toBe(0);
  });
});
