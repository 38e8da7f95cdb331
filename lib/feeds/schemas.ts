import "@/lib/zod/setup";
import { z } from "zod";

// The private feeds' addresses as the API answers them (Settings → Feeds).

const feedUrl = z.string().meta({ description: "An Atom feed's private address." });

export const feedAddressesAnswer = z.object({
  unread: feedUrl,
  favorites: feedUrl,
  categories: z
    .array(z.object({ name: z.string(), url: feedUrl }))
    .meta({ description: "One feed per category the caller's links have." }),
});

export type FeedAddresses = z.output<typeof feedAddressesAnswer>;
