import { endpointRoute } from "@/lib/http/api-route";
import { changeEntryEndpoint, deleteEntryEndpoint, getEntryEndpoint } from "@/lib/wallabag/contract";
import { changeEntry, deleteEntry, getEntry } from "@/lib/wallabag/service";

export const GET = endpointRoute(getEntryEndpoint, ({ user, params }) => getEntry(user, params.id));

export const PATCH = endpointRoute(changeEntryEndpoint, ({ user, params, body }) =>
  changeEntry(user, params.id, body ?? {}),
);

export const DELETE = endpointRoute(deleteEntryEndpoint, async ({ user, params, query }) => {
  const entry = await deleteEntry(user, params.id);
  return query.expect === "id" ? { id: entry.id } : entry;
});
