import "@/lib/validations/zod-setup";
import { z } from "zod";

// Fields the answers of several domains share.

/** A time in an answer: UTC, ISO 8601. */
export const timestamp = z.iso.datetime().meta({ description: "A time in UTC, ISO 8601." });

export const nullableTimestamp = timestamp.nullable();
