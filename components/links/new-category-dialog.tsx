"use client";

import { useState, type FormEvent } from "react";
import { CategoryNameForm, validCategoryName } from "@/components/categories/category-name-form";
import { useCreateCategory } from "@/components/links/link-queries";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { BUILT_IN_CATEGORIES, findExistingCategory } from "@/lib/categories-rules";
import { serverMessage } from "@/lib/fetcher";

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
  const [name, setName] = useState("");
  const create = useCreateCategory();

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
    const valid = validCategoryName(name);
    if (valid === null) return;
    const existing = findExistingCategory(valid, BUILT_IN_CATEGORIES, customNames);
    if (existing) {
      onSelect(existing);
      toast({ title: "Category already exists", description: `"${existing}" already exists. It has been selected.` });
      close();
      return;
    }
    create.mutate(valid, {
      onSuccess: (category) => {
        onSelect(category.name);
        toast({ title: "Category created!", description: `"${category.name}" category has been added and selected.` });
        close();
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Failed to create category",
          description: serverMessage(error, "An error occurred while creating the category."),
        });
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
      <DialogContent>
        <CategoryNameForm
          title="New category"
          description="Create a category of your own. It will be selected for this link."
          name={name}
          onNameChange={setName}
          onSubmit={onSubmit}
          pending={create.isPending}
          submitLabel="Create"
          submitDisabled={name.trim() === ""}
        />
      </DialogContent>
    </Dialog>
  );
}
