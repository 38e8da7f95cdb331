// Writes public/sw-constants.js, the service worker's constants (lib/offline/sw-constants.ts).
//
//   npm run sw:constants
import { writeFileSync } from "node:fs";
import { swConstantsScript } from "@/lib/offline/sw-constants";

writeFileSync(new URL("../public/sw-constants.js", import.meta.url), swConstantsScript());
