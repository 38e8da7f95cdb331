"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { LazyCategoryPicker, preloadCategoryPicker } from "@/components/links/lazy-category-picker";
import { refreshLinkLists } from "@/components/links/link-queries";
import { BusyLabel } from "@/components/ui/busy-label";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import type { LinkInput, LinkPayload } from "@/lib/links/schemas";
import type { ResolverResult, ResolverSuccess } from "react-hook-form";

// The schema, and zod with it, loads with the form's first focus or validation, not with the page.
const resolver = lazyZodResolver(() => import("@/lib/links/schemas").then((module) => module.linkSchema));

// The first focus in the form starts loading what its use needs: the schema and the categories.
function preloadOnFocus() {
  resolver.preload();
  preloadCategoryPicker();
}

type Values = { url: string; notes: string; categories: string[] };
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY_FORM: Values = { url: "", notes: "", categories: [] };

const succeeded = (result: ResolverResult<LinkInput, LinkPayload>): result is ResolverSuccess<LinkPayload> =>
  Object.keys(result.errors).length === 0;

/** The schema's verdict on the values: the payload, or the first message per field. */
async function validate(values: Values): Promise<{ payload: LinkPayload } | { errors: Errors }> {
  const input: LinkInput = values;
  const result = await resolver(input, undefined, { fields: {}, shouldUseNativeValidation: false });
  if (succeeded(result)) return { payload: result.values };
  const { errors } = result;
  return {
    errors: { url: errors.url?.message, notes: errors.notes?.message, categories: errors.categories?.message },
  };
}

/**
 * The add-link form (docs/product.md, "Links and categories"): URL, optional notes and, once a URL is
 * typed, up to 3 categories. Plain state rather than a form library, which would be the dashboard's
 * largest first-load module (decision 0396): validated on submit, then again as a field with a
 * message changes; a failed submit focuses the first field it names.
 */
export function AddLinkForm() {
  const ids = { url: useId(), notes: useId(), categoriesLabel: useId(), categoriesError: useId() };
  const urlRef = useRef<HTMLInputElement>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY_FORM);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

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
      setValues(EMPTY_FORM);
      setErrors({});
      setSubmitted(false);
      urlRef.current?.focus();
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

  // After a submit, a changed field is checked again and only its own message is updated.
  function change<Field extends keyof Values>(field: Field, value: Values[Field]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    void validate(next).then((verdict) =>
      setErrors((current) => ({ ...current, [field]: "errors" in verdict ? verdict.errors[field] : undefined })),
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const verdict = await validate(values);
    setSubmitted(true);
    if ("errors" in verdict) {
      setErrors(verdict.errors);
      if (verdict.errors.url) urlRef.current?.focus();
      else if (verdict.errors.notes) notesRef.current?.focus();
      return;
    }
    setErrors({});
    save.mutate(verdict.payload);
  }

  const showCategories = values.url.trim() !== "";

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={preloadOnFocus} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <FieldLabel id={ids.url} error={errors.url}>
          URL
        </FieldLabel>
        <Input
          {...controlProps(ids.url, errors.url)}
          ref={urlRef}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com/article"
          value={values.url}
          onChange={(event) => change("url", event.target.value)}
        />
        <FieldMessage id={ids.url} error={errors.url} />
      </div>

      <div className="grid gap-2">
        <FieldLabel id={ids.notes} error={errors.notes}>
          Notes (optional)
        </FieldLabel>
        <Textarea
          {...controlProps(ids.notes, errors.notes)}
          ref={notesRef}
          name="notes"
          rows={3}
          placeholder="Why is this worth reading?"
          value={values.notes}
          onChange={(event) => change("notes", event.target.value)}
        />
        <FieldMessage id={ids.notes} error={errors.notes} />
      </div>

      {showCategories ? (
        <div className="grid gap-2">
          <span id={ids.categoriesLabel} className="text-sm font-medium leading-snug">
            Categories
          </span>
          <LazyCategoryPicker
            value={values.categories}
            labelId={ids.categoriesLabel}
            describedBy={errors.categories ? ids.categoriesError : undefined}
            onChange={(next) => change("categories", next)}
          />
          {errors.categories ? (
            <p id={ids.categoriesError} className="text-sm font-medium text-destructive">
              {errors.categories}
            </p>
          ) : null}
        </div>
      ) : null}

      <SubmitButton className="w-full sm:w-fit" disabled={save.isPending}>
        <BusyLabel busy={save.isPending} label="Save link" busyLabel="Saving..." />
      </SubmitButton>
    </form>
  );
}

// The same ids and attributes as the form components of components/ui/form.tsx give a field: the
// label names the control, the message describes it and marks it invalid.

function controlProps(id: string, error: string | undefined) {
  return {
    id: `${id}-form-item`,
    "aria-labelledby": `${id}-form-item-label`,
    "aria-describedby": error ? `${id}-form-item-message` : undefined,
    "aria-invalid": Boolean(error),
  };
}

function FieldLabel({ id, error, children }: { id: string; error: string | undefined; children: string }) {
  return (
    <Label
      id={`${id}-form-item-label`}
      htmlFor={`${id}-form-item`}
      data-error={Boolean(error)}
      className="data-[error=true]:text-destructive"
    >
      {children}
    </Label>
  );
}

function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-form-item-message`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}
