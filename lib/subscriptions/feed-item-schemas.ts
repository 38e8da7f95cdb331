import "@/lib/zod/setup";
import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/zod/fields";

// The items of feeds that go to the digest, as /api/feed-items answers them (decision 0418).

export const feedItemAnswer = z
  .object({
    id: z.string().meta({ description: "The item's id: what POST /api/feed-items/{id}/save takes." }),
    title: z.string().nullable(),
    url: z.string(),
    feed: z.string().meta({ description: "The feed's title (its address while it has none)." }),
    owedAt: timestamp.meta({ description: "When the item came in." }),
    digestedAt: nullableTimestamp.meta({ description: "When a digest carried it; null while it waits for one." }),
  })
  .meta({ id: "FeedItem" });

export const feedItemListAnswer = z.array(feedItemAnswer);

export type FeedItemResponse = z.output<typeof feedItemAnswer>;
