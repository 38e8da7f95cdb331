import "server-only";

// next-auth's own route answers some bad requests in ways the rest of the API never does: a
// malformed JSON body throws (500), unsupported actions answer plain text, and `_log` lets anyone
// write error lines into the server log. These guards sit in front of and behind it.

/** A request next-auth should never see: answered here as JSON, or null to pass it on. */
export async function refuseBadAuthRequest(req: Request, segments: string[]): Promise<Response | null> {
  // Client-side logging of next-auth, unused here: closed so nobody can forge log lines.
  if (segments[0] === "_log") return Response.json({ message: "Not found" }, { status: 404 });
  if (req.method === "POST" && /application\/json/i.test(req.headers.get("content-type") ?? "")) {
    try {
      await req.clone().json();
    } catch {
      return Response.json({ message: "The request body is not valid JSON." }, { status: 400 });
    }
  }
  return null;
}

/** next-auth's 4xx answers in the API's shape: `{ message }` as JSON. */
export async function asJsonError(res: Response): Promise<Response> {
  const contentType = res.headers.get("content-type") ?? "";
  if (res.status < 400 || res.status >= 500 || /application\/json/i.test(contentType)) return res;
  const text = (await res.text()).replace(/^Error:\s*/, "").trim();
  const message = text && text !== "[object Object]" ? text : "This sign-in request is not valid.";
  return Response.json({ message }, { status: res.status });
}
