import { startStripeFake } from "./stripe-fake";

// The Stripe fake as a process of its own, for the browser tests: Playwright starts it as a web
// server beside an app whose STRIPE_API_BASE points here. Configured by environment:
//   STRIPE_FAKE_PORT          port to listen on (127.0.0.1)
//   STRIPE_FAKE_WEBHOOK_URL   the app's webhook endpoint, e.g. http://localhost:3102/api/stripe/webhook
//   STRIPE_WEBHOOK_SECRET     the secret the app verifies signatures with
// Ready when GET /health answers 200.

const port = Number(process.env.STRIPE_FAKE_PORT ?? "0");
const fake = await startStripeFake({
  port,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  webhookTarget: process.env.STRIPE_FAKE_WEBHOOK_URL,
});
console.log(`stripe fake listening on ${fake.url}`);

function stop() {
  void fake.close().finally(() => process.exit(0));
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
