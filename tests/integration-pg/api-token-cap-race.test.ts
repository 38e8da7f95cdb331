import { describe, expect, it } from "vitest";
import { POST as createTokenRoute } from "@/app/api/tokens/route";
import { MAX_ACTIVE_TOKENS, TOO_MANY_TOKENS_MESSAGE } from "@/lib/auth/api-tokens";
import { getDb } from "@/lib/db/client";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// The token cap under concurrency (decision 0164): on PostgreSQL, simultaneous requests each
// counted the user's tokens before any of them inserted, and 21 tokens were made under a cap of 20.
// (PGlite runs one statement at a time, so only real connections can stage this race.)

const ROUNDS = 3;
const ATTEMPTS = MAX_ACTIVE_TOKENS + 5;

describe("the API token cap on PostgreSQL", () => {
  it(`${ATTEMPTS} token creations at once end with ${MAX_ACTIVE_TOKENS} tokens`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { user, cookie } = await signedInUser();
      const responses = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) =>
          createTokenRoute(apiRequest("POST", "/api/tokens", { cookie, json: { name: `script ${i}` } })),
        ),
      );
      const statuses: Record<number, number> = {};
      for (const { status } of responses) statuses[status] = (statuses[status] ?? 0) + 1;
      expect(statuses).toEqual({ 201: MAX_ACTIVE_TOKENS, 409: ATTEMPTS - MAX_ACTIVE_TOKENS });
      const refused = responses.filter((res) => res.status === 409);
      for (const res of refused)
        expect(await res.json()).toEqual({ code: "token_limit", message: TOO_MANY_TOKENS_MESSAGE });
      expect(await getDb().apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(MAX_ACTIVE_TOKENS);
    }
  });
});
