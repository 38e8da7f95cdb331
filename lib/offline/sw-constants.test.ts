import { readFileSync } from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { LOGOUT_HREF } from "@/components/layout/nav-links";
import { CURSOR_LENGTH, OFFLINE_BUCKETS } from "@/lib/offline/sync-buckets";
import { SW_CONSTANTS, SW_CONSTANTS_PATH, swConstantsScript } from "@/lib/offline/sw-constants";
import { OFFLINE_KEEP_MAX, OFFLINE_KEEP_MIN } from "@/lib/offline/sync-limits";

const publicFile = (name: string) => readFileSync(new URL(`../../public/${name}`, import.meta.url), "utf8");

describe("public/sw-constants.js", () => {
  it("is what `npm run sw:constants` writes (run it after changing lib/offline/sw-constants.ts)", () => {
    expect(publicFile(SW_CONSTANTS_PATH.slice(1))).toBe(swConstantsScript());
  });

  it("gives the worker the server's figures", () => {
    const worker: { self: { SW_CONSTANTS?: unknown } } = { self: {} };
    vm.runInNewContext(swConstantsScript(), worker);
    expect(worker.self.SW_CONSTANTS).toEqual(SW_CONSTANTS);
    expect(SW_CONSTANTS).toMatchObject({
      KEEP_MIN: OFFLINE_KEEP_MIN,
      KEEP_MAX: OFFLINE_KEEP_MAX,
      LOGOUT_PATH: LOGOUT_HREF,
    });
    expect(SW_CONSTANTS.BUCKET_TOKEN_LENGTH * OFFLINE_BUCKETS).toBe(CURSOR_LENGTH);
    expect(SW_CONSTANTS.UNKNOWN_BUCKET).toHaveLength(SW_CONSTANTS.BUCKET_TOKEN_LENGTH);
  });
});

describe("public/sw.js", () => {
  const worker = publicFile("sw.js");

  it("loads the constants before anything else", () => {
    expect(worker).toMatch(new RegExp(`^(//.*\\n)*importScripts\\("${SW_CONSTANTS_PATH}"\\);`));
  });

  it("does not restate their names and paths", () => {
    for (const value of Object.values(SW_CONSTANTS))
      if (typeof value === "string") expect(worker).not.toContain(JSON.stringify(value));
  });
});
