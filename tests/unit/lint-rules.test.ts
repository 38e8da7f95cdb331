import path from "node:path";
import { ESLint } from "eslint";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";

// `npm run lint` must reject what the code's boundaries forbid (decision 0048): these
// sources are linted as if they sat at the given paths, with the project's own configuration.

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(relativePath: string, source: string): Promise<(string | null)[]> {
  const results = await eslint.lintText(source, { filePath: path.join(root, relativePath) });
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
}

const databaseImport = `import { getDb } from "@/lib/db/client";

export function LinkCount() {
  return <p>{String(getDb())}</p>;
}
`;

const serverModuleImport = `import { insertLink } from "@/lib/links/queries";

export const save = insertLink;
`;

// The first lint loads the whole configuration (Next, typescript-eslint): seconds on a busy machine.
describe("npm run lint", { timeout: 60_000 }, () => {
  it("rejects a component that imports the database", async () => {
    expect(await ruleIdsFor("components/links/link-count.tsx", databaseImport)).toContain("no-restricted-imports");
  });

  it("rejects a browser helper that imports a server-only module", async () => {
    expect(await ruleIdsFor("lib/client/shape.ts", serverModuleImport)).toContain("boundaries/no-server-module");
  });

  it("rejects server code that imports a browser helper", async () => {
    const source = `import { USER_KEY } from "@/lib/client/query-keys";\n\nexport const key = USER_KEY;\n`;
    expect(await ruleIdsFor("lib/links/keys.ts", source)).toContain("no-restricted-imports");
  });

  it("lets a domain's queries module import the database", async () => {
    const source = `import { getDb } from "@/lib/db/client";\n\nexport const db = getDb;\n`;
    expect(await ruleIdsFor("lib/links/queries.ts", source)).toEqual([]);
  });

  it("rejects a server module other than queries.ts that imports the database client", async () => {
    const source = `import { getDb } from "@/lib/db/client";\n\nexport const db = getDb;\n`;
    expect(await ruleIdsFor("lib/links/db-handle.ts", source)).toContain("no-restricted-imports");
    const page = `import { queryRows } from "@/lib/db/client";\n\nexport const rows = queryRows;\n`;
    expect(await ruleIdsFor("app/(app)/links/rows.ts", page)).toContain("no-restricted-imports");
  });

  it("rejects statements on a transaction outside a queries module, and lets one hand it on", async () => {
    const statement = `import type { Db } from "@/lib/db/client";

export async function rename(tx: Db, id: string) {
  await tx.user.update({ where: { id }, data: { name: "A" } });
  await tx.$executeRaw\`SELECT 1\`;
}
`;
    const ruleIds = await ruleIdsFor("lib/billing/rename.ts", statement);
    expect(ruleIds.filter((id) => id === "no-restricted-syntax")).toHaveLength(2);
    expect(await ruleIdsFor("lib/billing/queries.ts", statement)).toEqual([]);
    const handedOn = `import type { Db } from "@/lib/db/client";
import { lockUsers } from "@/lib/db/lock-users";

export async function lock(tx: Db, id: string) {
  await lockUsers(tx, [id]);
}
`;
    expect(await ruleIdsFor("lib/billing/lock.ts", handedOn)).toEqual([]);
  });

  it("rejects a browser helper in a queries module too", async () => {
    const source = `import { USER_KEY } from "@/lib/client/query-keys";\n\nexport const key = USER_KEY;\n`;
    expect(await ruleIdsFor("lib/links/queries.ts", source)).toContain("no-restricted-imports");
  });

  it("rejects a formatting error", async () => {
    const filepath = path.join(root, "lib/links/format.ts");
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    expect(await prettier.check('export const a = {b:1,   c:"x"}\n', options)).toBe(false);
    expect(await prettier.check('export const a = { b: 1, c: "x" };\n', options)).toBe(true);
  });
});
