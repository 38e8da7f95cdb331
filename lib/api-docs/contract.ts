import "server-only";
import { z } from "zod";
import type { Operation } from "@/lib/http/contract";

// The API document's own address.

export const documentSchema = z.looseObject({}).meta({ description: "This OpenAPI 3.1 document." });

export const DOCUMENT_OPERATIONS = {
  document: {
    method: "get",
    path: "/api/openapi.json",
    tag: "internal",
    summary: "This document",
    access: "public",
    wrapped: false,
    answers: { 200: { description: "OpenAPI 3.1.", schema: documentSchema } },
  },
} satisfies Record<string, Operation>;
