import { z } from "zod";

// Validators are interpreted rather than compiled with `new Function`: the pages' CSP has no
// 'unsafe-eval', and zod's probe for it would log a CSP violation in every browser console.
// Every schema shared with the browser imports zod from here, so this runs before any is built.
z.config({ jitless: true });

export { z };
