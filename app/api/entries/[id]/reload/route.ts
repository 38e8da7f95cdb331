import { after } from "next/server";
import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { reloadEntryEndpoint } from "@/lib/wallabag/contract";
import { reloadEntry } from "@/lib/wallabag/service";

export const PATCH = endpointRoute(reloadEntryEndpoint, ({ req, user, params }) =>
  reloadEntry(user, params.id, clientIp(req), after),
);
