import type { FieldValues, Resolver } from "react-hook-form";
import type * as z4 from "zod/v4/core";

/**
 * A react-hook-form resolver for a domain's input schema (`lib/<domain>/schemas.ts`), the same one
 * its route handler parses with, that loads the schema (and zod, about 31 KB of gzip) with the form's first validation
 * or with `preload()` (the first focus in the form), not with the page. Made once per module: the
 * loaded schema is kept.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z4.$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> & { preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        // A failed download (offline, a deploy in between) is tried again at the next validation.
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
