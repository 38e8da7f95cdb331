// The Resend fake in a process of its own, so a benchmark measures the dispatcher's memory and CPU
// apart from the fake's. Keeps counts only (GET /_fake/stats), prints `{"url": ...}` as one line
// on stdout once it listens, and stops on SIGTERM.
//
//   tsx tests/fakes/resend-fake-process.ts [--rate <calls per second>] [--latency <ms>]
import { parseArgs } from "node:util";
import { startResendFake } from "./resend-fake";

const { values } = parseArgs({ options: { rate: { type: "string" }, latency: { type: "string" } } });

const fake = await startResendFake({
  rateLimitPerSecond: values.rate ? Number(values.rate) : undefined,
  latencyMs: values.latency ? Number(values.latency) : undefined,
  keepMessages: false,
});
console.log(JSON.stringify({ url: fake.url }));
process.once("SIGTERM", () => {
  void fake.close().then(() => process.exit(0));
});
