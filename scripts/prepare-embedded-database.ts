// Part of `npm run build`: makes the template a new embedded database is copied from, so that the
// server's first start on a new data directory copies files instead of running initdb.
import { ensureEmbeddedTemplate } from "@/lib/db/embedded-template";

const template = await ensureEmbeddedTemplate();
console.log(`Embedded database template: ${template}`);
