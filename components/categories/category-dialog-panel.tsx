"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { useCreateCategory } from "@/components/categories/category-queries";
import { BusyLabel } from "@/components/ui/busy-label";
import { useFocusReturn } from "@/components/ui/lazy-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { BUILT_IN_CATEGORIES, findExistingCategory, MAX_CATEGORY_NAME_LENGTH } from "@/lib/categories/rules";
import { serverMessage } from "@/lib/client/fetcher";

const CATEGORY_EXISTS_MESSAGE = "A category with this name already exists (case-insensitive match).";

// New category on the dashboard and in settings (docs/product.md, "Links and categories"): the same
// dialog, worded for where it opens; on the dashboard a name that exists is selected, in settings it
// is refused.
const WORDING = {
  select: {
    title: "New category",
    description: "Create a category of your own. It will be selected for this link.",
    submitLabel: "Create",
    created: (name: string) => `"${name}" category has been added and selected.`,
  },
  add: {
    title: "Add Category",
    description: "Create a category of your own to organise your links.",
    submitLabel: "Create Category",
    created: (name: string) => `"${name}" category has been added.`,
  },
} as const;

// The route handler's schema, and zod with it, loads when the dialog first opens, not with the page.
const loadCategoryValidation = () => import("@/lib/categories/schemas");

/** The trimmed, valid name, or null after the "Invalid category name" toast. */
async function validCategoryName(name: string): Promise<string | null> {
  const { CATEGORY_NAME_INVALID_MESSAGE, categorySchema } = await loadCategoryValidation();
  const parsed = categorySchema.safeParse({ name });
  if (parsed.success) return parsed.data.name;
  toast({
    variant: "destructive",
    title: "Invalid category name",
    description: parsed.error.issues[0]?.message ?? CATEGORY_NAME_INVALID_MESSAGE,
  });
  return null;
}

const CREATE_FAILED_MESSAGE = "An error occurred while creating the category.";

function showFailed(description: string) {
  toast({ variant: "destructive", title: "Failed to create category", description });
}

function showExists() {
  toast({ variant: "destructive", title: "Category already exists", description: CATEGORY_EXISTS_MESSAGE });
}

export type CategoryDialogPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customNames: readonly string[];
  onSelect?: (name: string) => void;
};

/** CategoryDialog's dialog itself, loaded when it first opens (components/categories/category-dialog.tsx). */
export function CategoryDialogPanel({ open, onOpenChange, customNames, onSelect }: CategoryDialogPanelProps) {
  const [name, setName] = useState("");
  const inputId = useId();
  const create = useCreateCategory();
  const [checking, setChecking] = useState(false);
  const returnFocus = useFocusReturn(open);
  useEffect(() => {
    if (open) void loadCategoryValidation().catch(() => undefined);
  }, [open]);
  const wording = onSelect ? WORDING.select : WORDING.add;

  function close() {
    setName("");
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portaled out of the add-link form in the DOM but not in React's tree, where a
    // submit event would bubble on and submit the link too.
    event.stopPropagation();
    if (create.isPending || checking) return;
    setChecking(true);
    void validCategoryName(name)
      // The check's code could not be loaded (offline, say): nothing was created.
      .then(createOrSelect, () => showFailed(CREATE_FAILED_MESSAGE))
      .finally(() => setChecking(false));
  }

  function createOrSelect(valid: string | null) {
    if (valid === null) return;
    const existing = findExistingCategory(valid, BUILT_IN_CATEGORIES, customNames);
    if (existing) {
      if (!onSelect) return showExists();
      onSelect(existing);
      toast({ title: "Category already exists", description: `"${existing}" already exists. It has been selected.` });
      return close();
    }
    create.mutate(valid, {
      onSuccess: (category) => {
        onSelect?.(category.name);
        toast({ title: "Category created!", description: wording.created(category.name) });
        close();
      },
      onError: (error) => {
        // In settings, another tab may have created it meanwhile: the server's 409 reads like the local check.
        if (!onSelect && error instanceof Error && error.message.startsWith("409:")) return showExists();
        showFailed(serverMessage(error, CREATE_FAILED_MESSAGE));
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setName("");
        onOpenChange(next);
      }}
    >
      <DialogContent onCloseAutoFocus={returnFocus}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{wording.title}</DialogTitle>
            <DialogDescription>{wording.description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Category name</Label>
            <Input
              id={inputId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={MAX_CATEGORY_NAME_LENGTH}
              placeholder="e.g. Recipes, Research, Travel"
              autoComplete="off"
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            {/* The dashboard's create button waits for a name; settings answers a blank one with a toast. */}
            <SubmitButton disabled={create.isPending || (onSelect !== undefined && name.trim() === "")}>
              <BusyLabel busy={create.isPending} label={wording.submitLabel} busyLabel="Creating..." />
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
