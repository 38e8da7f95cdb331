import { operationRoute } from "@/lib/http/operation-route";
import { OPDS_OPERATIONS } from "@/lib/opds/contract";
import { opdsResponse } from "@/lib/opds/service";

type Context = { params: Promise<{ path?: string[] }> };

export const GET = operationRoute(OPDS_OPERATIONS.catalog, async (req: Request, context: Context) =>
  opdsResponse(req, (await context.params).path ?? []),
);
