import { after } from "next/server";
import { wakePageWork } from "@/lib/articles/service";
import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { createEntryEndpoint, listEntriesEndpoint } from "@/lib/wallabag/contract";
import { createEntry, listEntries } from "@/lib/wallabag/service";

export const GET = endpointRoute(listEntriesEndpoint, ({ user, query, url }) => listEntries(user, query, url));

export const POST = endpointRoute(createEntryEndpoint, async ({ req, user, body }) => {
  const { entry, created } = await createEntry(user, body, clientIp(req));
  if (created) after(wakePageWork);
  return entry;
});
