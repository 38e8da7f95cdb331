"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { z } from "zod";
import { CATEGORIES_KEY, type CustomCategory } from "@/components/links/link-queries";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
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
import { toast } from "@/components/ui/use-toast";
import { BUILT_IN_CATEGORIES, findExistingCategory, MAX_CATEGORY_NAME_LENGTH } from "@/lib/categories-rules";
import { apiRequest, serverMessage } from "@/lib/fetcher";
import { CATEGORY_NAME_INVALID_MESSAGE, categorySchema } from "@/lib/validations/category";

const createdCategorySchema = z.object({ id: z.string(), name: z.string() });

/**
 * The dashboard's "New category" dialog (SPEC §5 "New category (dashboard)"): a name matching a
 * built-in or custom category is selected instead of created; a new one is created and selected.
 */
export function NewCategoryDialog({
  open,
  onOpenChange,
  customNames,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customNames: readonly string[];
  onSelect: (name: string) => void;
}) {
  const inputId = useId();
  const [name, setName] = useState("");
  const queryClient = useQueryClient();

  const create = useMutation({
    mutationFn: async (categoryName: string) => {
      const res = await apiRequest("POST", "/api/categories", { name: categoryName });
      return createdCategorySchema.parse(await res.json());
    },
    onSuccess: async (category) => {
      // Shown at once; the refetch then brings the server's list (and its order).
      queryClient.setQueryData<CustomCategory[]>(CATEGORIES_KEY, (list) =>
        list && !list.some((existing) => existing.id === category.id) ? [...list, category] : list,
      );
      onSelect(category.name);
      toast({ title: "Category created!", description: `"${category.name}" category has been added and selected.` });
      close();
      await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Failed to create category",
        description: serverMessage(error, "An error occurred while creating the category."),
      });
    },
  });

  function close() {
    setName("");
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portaled out of the add-link form in the DOM but not in React's tree, where a
    // submit event would bubble on and submit the link too.
    event.stopPropagation();
    if (create.isPending) return;
    const parsed = categorySchema.safeParse({ name });
    if (!parsed.success) {
      toast({
        variant: "destructive",
        title: "Invalid category name",
        description: parsed.error.issues[0]?.message ?? CATEGORY_NAME_INVALID_MESSAGE,
      });
      return;
    }
    const existing = findExistingCategory(parsed.data.name, BUILT_IN_CATEGORIES, customNames);
    if (existing) {
      onSelect(existing);
      toast({ title: "Category already exists", description: `"${existing}" already exists. It has been selected.` });
      close();
      return;
    }
    create.mutate(parsed.data.name);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setName("");
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>New category</DialogTitle>
            <DialogDescription>Create a category of your own. It will be selected for this link.</DialogDescription>
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
            <SubmitButton disabled={name.trim() === "" || create.isPending}>
              {create.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                  Creating...
                </>
              ) : (
                "Create"
              )}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
