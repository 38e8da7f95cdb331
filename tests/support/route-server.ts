import { createServer, type IncomingMessage } from "node:http";

// Serves one route handler over real HTTP on 127.0.0.1, for code that calls the app by its URL
// (a digest run starting its continuations). The handler is loaded on the first request, so the
// server can listen, and APP_URL can name it, before the app's configuration is read.

export type RouteServer = { url: string; requested: string[]; close: () => Promise<void> };

type Handler = (req: Request) => Promise<Response>;

function toRequest(base: string, incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  return new Request(new URL(incoming.url ?? "/", base), { method: incoming.method, headers });
}

export async function startRouteServer(load: () => Promise<Handler>): Promise<RouteServer> {
  const requested: string[] = [];
  let handler: Handler | undefined;
  const server = createServer((incoming, outgoing) => {
    requested.push(incoming.url ?? "/");
    void (async () => {
      handler ??= await load();
      const response = await handler(toRequest(url, incoming));
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      outgoing.writeHead(500, { "content-type": "text/plain" });
      outgoing.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("route server: no TCP address");
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    requested,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
