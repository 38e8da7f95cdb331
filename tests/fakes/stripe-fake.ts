import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";

// A local stand-in for the Stripe API (https://api.stripe.com), reached through the SDK's own
// `host` / `port` / `protocol` options. It speaks the v1 wire format the `stripe` SDK sends and
// parses: form-encoded bodies with bracketed keys (`line_items[0][price]`), `Authorization: Bearer
// sk_...`, JSON answers, and errors as `{ error: { type, message, code?, param? } }` with Stripe's
// status codes, which the SDK turns into its typed errors. Only what LinkStash calls is served:
// customers, Checkout Sessions, subscriptions (retrieve, cancel) and billing-portal sessions.
//
// It also serves the hosted pages Stripe would: a checkout page (GET /checkout/:id) whose Pay button
// completes the session, creates a customer and an active yearly subscription, sends a signed
// `checkout.session.completed` event to the app's webhook and redirects to success_url; its Cancel
// link redirects to cancel_url. A billing-portal page links back to return_url.

const YEARLY_AMOUNT_CENTS = 2500;

type FormValue = string | FormValue[] | FormRecord;
type FormRecord = { [key: string]: FormValue };

export type FakeCustomer = {
  id: string;
  object: "customer";
  email: string | null;
  metadata: Record<string, string>;
  created: number;
};

export type FakeSubscriptionItem = {
  id: string;
  object: "subscription_item";
  price: { id: string; object: "price" };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
};

export type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: FakeSubscriptionItem[]; has_more: false; url: string };
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  latest_invoice: string | null;
  livemode: false;
};

export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: "usd";
  created: number;
  expires_at: number;
  livemode: false;
};

export type FakeInvoice = {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid" | "open";
  amount_due: number;
  amount_paid: number;
  currency: "usd";
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  created: number;
  livemode: false;
};

export type FakeEvent = {
  id: string;
  object: "event";
  api_version: string;
  type: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed form body (bracketed keys nested), or the query of a GET. */
  body: FormRecord;
};

/** A webhook endpoint: a URL the fake POSTs to, or a function (a route handler called in-process). */
export type WebhookTarget = string | ((request: Request) => Promise<Response>);

export type Delivery = { event: FakeEvent; status: number; body: string };

export type StripeFakeOptions = {
  /** Port to listen on (0 = any free port). */
  port?: number;
  /** Signs delivered events, as the endpoint's `whsec_...` secret does. */
  webhookSecret?: string;
  webhookTarget?: WebhookTarget;
};

export type StripeFake = {
  url: string;
  requests: RecordedRequest[];
  deliveries: Delivery[];
  customers: Map<string, FakeCustomer>;
  sessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** What the hosted page's Pay button does, without the browser; delivers the completed event when a target is set. */
  completeCheckout: (
    sessionId: string,
  ) => Promise<{ session: FakeCheckoutSession; subscription: FakeSubscription; event: FakeEvent }>;
  /** An active yearly subscription, as a paid checkout creates one. */
  createSubscription: (customer: string, price: string, metadata?: Record<string, string>) => FakeSubscription;
  setSubscriptionStatus: (id: string, status: string) => FakeSubscription;
  /** An event as Stripe would send it, holding a snapshot of `object` as it is now. */
  event: (type: string, object: unknown) => FakeEvent;
  /** An invoice of the subscription, for invoice.paid / invoice.payment_failed events. */
  invoiceFor: (subscriptionId: string, status: "paid" | "open") => FakeInvoice;
  /** The `Stripe-Signature` header for a payload. */
  sign: (payload: string) => string;
  /** POSTs the event, signed, to the webhook target; answers the app's status and body. */
  deliver: (event: FakeEvent) => Promise<Delivery>;
  setWebhookTarget: (target: WebhookTarget | undefined) => void;
  /** The next `count` API requests (after authentication) fail with a 500 api_error, as during an outage. */
  failNext: (count: number) => void;
  reset: () => void;
  close: () => Promise<void>;
};

type Reply = { status: number; body: string; headers: Record<string, string> };

function json(status: number, body: unknown): Reply {
  return { status, body: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

function stripeError(
  status: number,
  message: string,
  extra: { code?: string; param?: string; type?: string } = {},
): Reply {
  const { type = "invalid_request_error", ...rest } = extra;
  return json(status, { error: { type, message, ...rest } });
}

function noSuch(kind: string, id: string, param = "id"): Reply {
  return stripeError(404, `No such ${kind}: '${id}'`, { code: "resource_missing", param });
}

function redirect(location: string): Reply {
  return { status: 303, body: "", headers: { location } };
}

function html(body: string): Reply {
  return {
    status: 200,
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe fake</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`,
    headers: { "content-type": "text/html; charset=utf-8" },
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function isRecord(value: FormValue | undefined): value is FormRecord {
  return typeof value === "object" && !Array.isArray(value);
}

/** Sets `a[b][0][c]=v` into nested records; `a[]=v` appends. Arrays are numbered records until `finish`. */
function assign(target: FormRecord, key: string, value: string): void {
  const parts = key.split("[").map((part, index) => (index === 0 ? part : part.replace(/]$/, "")));
  let node: FormRecord = target;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (last) {
      if (part === "") {
        const list = node[""];
        node[""] = Array.isArray(list) ? [...list, value] : [value];
      } else {
        node[part] = value;
      }
      return;
    }
    const next = node[part];
    if (isRecord(next)) {
      node = next;
    } else {
      const created: FormRecord = {};
      node[part] = created;
      node = created;
    }
  });
}

/** Records keyed 0..n become arrays; `a[]` lists lose their empty key. */
function finish(value: FormValue): FormValue {
  if (Array.isArray(value) || typeof value === "string") return value;
  const keys = Object.keys(value);
  const appended = value[""];
  if (keys.length === 1 && Array.isArray(appended)) return appended;
  if (keys.length > 0 && keys.every((key, index) => key === String(index)))
    return keys.map((key) => finish(value[key] ?? ""));
  const result: FormRecord = {};
  for (const key of keys) result[key] = finish(value[key] ?? "");
  return result;
}

export function parseForm(text: string): FormRecord {
  const root: FormRecord = {};
  for (const [key, value] of new URLSearchParams(text)) assign(root, key, value);
  const finished = finish(root);
  return isRecord(finished) ? finished : {};
}

function text(record: FormRecord | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function strings(value: FormValue | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!isRecord(value)) return result;
  for (const [key, entry] of Object.entries(value)) if (typeof entry === "string") result[key] = entry;
  return result;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function oneYearAfter(date: Date): Date {
  const end = new Date(date.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const deliveries: Delivery[] = [];
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  // What subscription_data[metadata] asked for, applied when the session's subscription is created.
  const subscriptionMetadata = new Map<string, Record<string, string>>();
  const sessionPrices = new Map<string, string>();
  const portalReturns = new Map<string, string>();
  let webhookTarget = options.webhookTarget;
  let failures = 0;
  const webhookSecret = options.webhookSecret ?? "whsec_fake";
  let baseUrl = "";

  function createCustomer(email: string | null, metadata: Record<string, string> = {}): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId("cus"),
      object: "customer",
      email,
      metadata,
      created: seconds(new Date()),
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createSubscription(
    customer: string,
    price: string,
    metadata: Record<string, string> = {},
  ): FakeSubscription {
    const now = new Date();
    const id = newId("sub");
    const subscription: FakeSubscription = {
      id,
      object: "subscription",
      customer,
      status: "active",
      metadata,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price: { id: price, object: "price" },
            quantity: 1,
            current_period_start: seconds(now),
            current_period_end: seconds(oneYearAfter(now)),
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: seconds(now),
      start_date: seconds(now),
      latest_invoice: null,
      livemode: false,
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  function event(type: string, object: unknown): FakeEvent {
    return {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      type,
      created: seconds(new Date()),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  function sign(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  }

  async function deliver(evt: FakeEvent): Promise<Delivery> {
    if (!webhookTarget) throw new Error("stripe fake: no webhook target to deliver to");
    const payload = JSON.stringify(evt, null, 2);
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": sign(payload),
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    };
    const response =
      typeof webhookTarget === "string"
        ? await fetch(webhookTarget, { method: "POST", headers, body: payload })
        : await webhookTarget(
            new Request("http://localhost/api/stripe/webhook", { method: "POST", headers, body: payload }),
          );
    const delivery: Delivery = { event: evt, status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  async function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe fake: no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`stripe fake: checkout session ${sessionId} is ${session.status}`);
    const customer = session.customer ?? createCustomer(session.customer_email).id;
    const subscription = createSubscription(
      customer,
      sessionPrices.get(sessionId) ?? "price_unknown",
      subscriptionMetadata.get(sessionId) ?? {},
    );
    Object.assign(session, { status: "complete", payment_status: "paid", customer, subscription: subscription.id });
    const completed = event("checkout.session.completed", session);
    if (webhookTarget) {
      try {
        await deliver(completed);
      } catch (error) {
        // An unreachable endpoint does not undo the payment: Stripe would retry; recorded as status 0.
        deliveries.push({ event: completed, status: 0, body: error instanceof Error ? error.message : String(error) });
      }
    }
    return { session, subscription, event: completed };
  }

  function createCheckoutSession(body: FormRecord): Reply {
    const mode = text(body, "mode");
    if (!mode) return stripeError(400, "Missing required param: mode.", { param: "mode" });
    if (!["payment", "subscription", "setup"].includes(mode))
      return stripeError(400, `Invalid mode: must be one of payment, setup, or subscription`, { param: "mode" });
    const successUrl = text(body, "success_url");
    if (!successUrl) return stripeError(400, "Missing required param: success_url.", { param: "success_url" });
    const customer = text(body, "customer");
    const customerEmail = text(body, "customer_email");
    if (customer && customerEmail) {
      return stripeError(400, "You may only specify one of these parameters: customer, customer_email.", {
        param: "customer",
      });
    }
    if (customer && !customers.has(customer))
      return stripeError(400, `No such customer: '${customer}'`, { code: "resource_missing", param: "customer" });
    const lineItems = body.line_items;
    const first = Array.isArray(lineItems) ? lineItems[0] : undefined;
    const price = isRecord(first) ? text(first, "price") : undefined;
    if (mode !== "setup" && !price) {
      return stripeError(400, `You must provide at least one recurring price in \`${mode}\` mode when using prices.`, {
        param: "line_items",
      });
    }
    if (price && !price.startsWith("price_"))
      return stripeError(400, `No such price: '${price}'`, { code: "resource_missing", param: "line_items[0][price]" });
    const now = new Date();
    const id = `cs_test_${randomBytes(16).toString("hex")}`;
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      client_reference_id: text(body, "client_reference_id") ?? null,
      customer: customer ?? null,
      customer_email: customerEmail ?? null,
      subscription: null,
      success_url: successUrl,
      cancel_url: text(body, "cancel_url") ?? null,
      url: `${baseUrl}/checkout/${id}`,
      metadata: strings(body.metadata),
      amount_total: YEARLY_AMOUNT_CENTS,
      currency: "usd",
      created: seconds(now),
      expires_at: seconds(now) + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    if (price) sessionPrices.set(id, price);
    const subscriptionData = body.subscription_data;
    subscriptionMetadata.set(id, strings(isRecord(subscriptionData) ? subscriptionData.metadata : undefined));
    return json(200, session);
  }

  function cancelSubscription(id: string): Reply {
    const subscription = subscriptions.get(id);
    if (!subscription) return noSuch("subscription", id);
    if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
      return stripeError(400, `A canceled subscription can only update its cancellation_details and metadata.`, {
        code: "resource_missing",
      });
    }
    const now = seconds(new Date());
    Object.assign(subscription, { status: "canceled", canceled_at: now, ended_at: now });
    return json(200, subscription);
  }

  function createPortalSession(body: FormRecord): Reply {
    const customer = text(body, "customer");
    if (!customer) return stripeError(400, "Missing required param: customer.", { param: "customer" });
    if (!customers.has(customer))
      return stripeError(400, `No such customer: '${customer}'`, { code: "resource_missing", param: "customer" });
    const id = newId("bps");
    const returnUrl = text(body, "return_url") ?? null;
    if (returnUrl) portalReturns.set(id, returnUrl);
    return json(200, {
      id,
      object: "billing_portal.session",
      customer,
      return_url: returnUrl,
      url: `${baseUrl}/portal/${id}`,
      created: seconds(new Date()),
      livemode: false,
    });
  }

  function checkoutPage(id: string): Reply {
    const session = sessions.get(id);
    if (!session) return { status: 404, body: "No such checkout session", headers: { "content-type": "text/plain" } };
    if (session.status !== "open") return html(`<h1>This checkout session is ${escapeHtml(session.status)}.</h1>`);
    const who = session.customer_email ?? (session.customer ? customers.get(session.customer)?.email : null) ?? "";
    return html(
      `<h1>LinkStash Pro</h1><p>$25.00 per year</p><p>${escapeHtml(who)}</p>` +
        `<form method="post" action="/checkout/${escapeHtml(id)}/pay"><button type="submit">Pay</button></form>` +
        `<p><a href="/checkout/${escapeHtml(id)}/cancel">Cancel</a></p>`,
    );
  }

  async function pay(id: string): Promise<Reply> {
    const session = sessions.get(id);
    if (!session || session.status !== "open") return checkoutPage(id);
    await completeCheckout(id);
    return redirect((session.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", id));
  }

  async function route(method: string, url: URL, headers: IncomingHttpHeaders, body: FormRecord): Promise<Reply> {
    const path = url.pathname;
    if (method === "GET" && path === "/health") return json(200, { ok: true });

    const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    if (page?.[1]) {
      const id = page[1];
      if (method === "GET" && !page[2]) return checkoutPage(id);
      if (method === "POST" && page[2] === "pay") return pay(id);
      if (method === "GET" && page[2] === "cancel") {
        const cancelUrl = sessions.get(id)?.cancel_url;
        return cancelUrl ? redirect(cancelUrl) : checkoutPage(id);
      }
    }
    const portal = /^\/portal\/([^/]+)$/.exec(path);
    if (method === "GET" && portal?.[1]) {
      const returnUrl = portalReturns.get(portal[1]);
      return html(
        `<h1>Billing portal</h1>${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to LinkStash</a></p>` : ""}`,
      );
    }

    if (!path.startsWith("/v1/")) return { status: 404, body: "Not found", headers: { "content-type": "text/plain" } };
    const bearer = firstHeader(headers.authorization)?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer) {
      return stripeError(
        401,
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (!/^(sk|rk)_/.test(bearer)) return stripeError(401, `Invalid API Key provided: ${bearer.slice(0, 8)}***`);
    if (failures > 0) {
      failures -= 1;
      return stripeError(500, "An unknown error occurred", { type: "api_error" });
    }

    if (method === "POST" && path === "/v1/customers")
      return json(200, createCustomer(text(body, "email") ?? null, strings(body.metadata)));
    if (method === "POST" && path === "/v1/checkout/sessions") return createCheckoutSession(body);
    if (method === "POST" && path === "/v1/billing_portal/sessions") return createPortalSession(body);

    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1];
    if (method === "GET" && session)
      return sessions.has(session) ? json(200, sessions.get(session)) : noSuch("checkout.session", session);

    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1];
    if (subscription && method === "GET") {
      return subscriptions.has(subscription)
        ? json(200, subscriptions.get(subscription))
        : noSuch("subscription", subscription);
    }
    if (subscription && method === "DELETE") return cancelSubscription(subscription);

    return stripeError(
      404,
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", "http://stripe-fake");
    const raw = await readBody(request);
    const body = method === "GET" || method === "DELETE" ? parseForm(url.search.slice(1)) : parseForm(raw);
    if (url.pathname.startsWith("/v1/")) requests.push({ method, path: url.pathname, headers: request.headers, body });
    let reply: Reply;
    try {
      reply = await route(method, url, request.headers, body);
    } catch (error) {
      // A bug in the fake must be loud in the test, not look like a Stripe outage.
      reply = stripeError(500, `stripe fake crashed: ${error instanceof Error ? error.stack : String(error)}`, {
        type: "api_error",
      });
    }
    response.writeHead(reply.status, { "request-id": newId("req"), ...reply.headers });
    response.end(reply.body);
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  // The SDK keeps connections alive; a server closing idle ones after Node's 5 s default races its
  // reuse of them. Stripe's servers keep them longer.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("stripe fake: no TCP address");
  baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    url: baseUrl,
    requests,
    deliveries,
    customers,
    sessions,
    subscriptions,
    completeCheckout,
    createSubscription,
    setSubscriptionStatus(id, status) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`stripe fake: no subscription ${id}`);
      subscription.status = status;
      return subscription;
    },
    event,
    invoiceFor(subscriptionId, status) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`stripe fake: no subscription ${subscriptionId}`);
      return {
        id: newId("in"),
        object: "invoice",
        customer: subscription.customer,
        status,
        amount_due: YEARLY_AMOUNT_CENTS,
        amount_paid: status === "paid" ? YEARLY_AMOUNT_CENTS : 0,
        currency: "usd",
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
        },
        created: seconds(new Date()),
        livemode: false,
      };
    },
    sign,
    deliver,
    setWebhookTarget(target) {
      webhookTarget = target;
    },
    failNext(count) {
      failures += count;
    },
    reset() {
      // Emptied in place: callers may hold these collections.
      requests.length = 0;
      deliveries.length = 0;
      customers.clear();
      sessions.clear();
      subscriptions.clear();
      subscriptionMetadata.clear();
      sessionPrices.clear();
      portalReturns.clear();
      failures = 0;
    },
    async close() {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      // The SDK keeps connections alive; without this close() waits for them to time out.
      server.closeAllConnections();
      await closed;
    },
  };
}
