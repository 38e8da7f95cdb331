import "server-only";
import type { Operation } from "@/lib/http/contract";
import { healthSchema, livenessSchema } from "@/lib/health/schemas";

// Readiness and liveness, for a load balancer or a monitor.
export const HEALTH_OPERATIONS = {
  ready: {
    method: "get",
    path: "/api/health",
    tag: "internal",
    summary: "Readiness: is the database reachable",
    description: "Also reports the answering process's memory (resident and heap), for monitoring.",
    access: "public",
    wrapped: false,
    answers: {
      200: { description: "Ready.", schema: healthSchema },
      503: { description: "The database is not reachable.", schema: healthSchema },
    },
  },
  live: {
    method: "get",
    path: "/api/health/live",
    tag: "internal",
    summary: "Liveness: is the process answering",
    access: "public",
    wrapped: false,
    answers: { 200: { description: "Alive.", schema: livenessSchema } },
  },
} satisfies Record<string, Operation>;
