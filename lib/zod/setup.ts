import { config } from "zod/v4/core";

// Validators are interpreted rather than compiled with `new Function`: the pages' CSP has no
// 'unsafe-eval', and zod's probe for it would log a CSP violation in every browser console. zod
// reads this when a schema is built, so every module that builds schemas imports this file first.
// (A module re-exporting `z` instead would stop the bundler from shaking zod: +60 KB a page.) The
// setting lives in zod's core, which both `zod` and the smaller `zod/mini` build on.
config({ jitless: true });
