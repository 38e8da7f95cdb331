"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CategoryPicker } from "@/components/links/category-picker";
import { refreshLinkLists } from "@/components/links/link-queries";
import { BusyLabel } from "@/components/ui/busy-label";
import { SubmitButton } from "@/components/ui/submit-button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import type { LinkInput, LinkPayload } from "@/lib/validations/link";

// The schema, and zod with it, loads with the form's first focus or validation, not with the page.
const resolver = lazyZodResolver(() => import("@/lib/validations/link").then((module) => module.linkSchema));

const EMPTY_FORM: LinkInput = { url: "", notes: "", categories: [] };

/**
 * The add-link form (docs/product.md, "Links and categories"): URL, optional notes and, once a URL is
 * typed, up to 3 categories.
 */
export function AddLinkForm() {
  const categoriesLabelId = useId();
  const categoriesErrorId = useId();
  const queryClient = useQueryClient();
  const form = useForm<LinkInput, unknown, LinkPayload>({
    resolver,
    defaultValues: EMPTY_FORM,
  });

  const save = useMutation({
    // The schema's output is the payload: the normalised URL, and with nothing selected the
    // category and categories are Uncategorized.
    mutationFn: (payload: LinkPayload) => apiRequest("POST", "/api/links", payload),
    onSuccess: async (response) => {
      // 200 rather than 201: the address was saved earlier today, and that link took this save's notes.
      toast(
        response.status === 201
          ? { title: "Link saved successfully!", description: "Your link has been added to today's stash." }
          : { title: "Already saved today", description: "This link is already in today's stash." },
      );
      form.reset(EMPTY_FORM);
      form.setFocus("url");
      await refreshLinkLists(queryClient);
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Failed to save link",
        description: serverMessage(error, "An error occurred while trying to save your link."),
      });
    },
  });

  const url = useWatch({ control: form.control, name: "url" });
  const categories = useWatch({ control: form.control, name: "categories" }) ?? [];
  const categoriesError = form.formState.errors.categories?.message;
  const showCategories = url.trim() !== "";

  const onSubmit = form.handleSubmit((payload) => save.mutate(payload));

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="grid gap-5">
        <FormField
          control={form.control}
          name="url"
          render={({ field }) => (
            <FormItem>
              <FormLabel>URL</FormLabel>
              <FormControl>
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://example.com/article"
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes (optional)</FormLabel>
              <FormControl>
                <Textarea
                  rows={3}
                  placeholder="Why is this worth reading?"
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        {showCategories ? (
          <div className="grid gap-2">
            <span id={categoriesLabelId} className="text-sm font-medium leading-snug">
              Categories
            </span>
            <CategoryPicker
              value={categories}
              labelId={categoriesLabelId}
              describedBy={categoriesError ? categoriesErrorId : undefined}
              onChange={(next) =>
                form.setValue("categories", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
              }
            />
            {categoriesError ? (
              <p id={categoriesErrorId} className="text-sm font-medium text-destructive">
                {categoriesError}
              </p>
            ) : null}
          </div>
        ) : null}

        <SubmitButton className="w-full sm:w-fit" disabled={save.isPending}>
          <BusyLabel busy={save.isPending} label="Save link" busyLabel="Saving..." />
        </SubmitButton>
      </form>
    </Form>
  );
}
