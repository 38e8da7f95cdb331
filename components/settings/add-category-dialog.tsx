"use client";

import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CategoryNameForm, validCategoryName } from "@/components/categories/category-name-form";
import { useCreateCategory } from "@/components/links/link-queries";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { BUILT_IN_CATEGORIES, findExistingCategory } from "@/lib/categories-rules";
import { serverMessage } from "@/lib/fetcher";

const CATEGORY_EXISTS_MESSAGE = "A category with this name already exists (case-insensitive match).";

function showExists() {
  toast({ variant: "destructive", title: "Category already exists", description: CATEGORY_EXISTS_MESSAGE });
}

/** Settings' "Add Category" (SPEC §5 "New category (settings)"): a name that exists is refused. */
export function AddCategoryDialog({ customNames }: { customNames: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const create = useCreateCategory();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const valid = validCategoryName(name);
    if (valid === null) return;
    if (findExistingCategory(valid, BUILT_IN_CATEGORIES, customNames)) {
      showExists();
      return;
    }
    create.mutate(valid, {
      onSuccess: (category) => {
        toast({ title: "Category created!", description: `"${category.name}" category has been added.` });
        setOpen(false);
        setName("");
      },
      onError: (error) => {
        // Another tab may have created it meanwhile: the server's 409 reads like the local check.
        if (error instanceof Error && error.message.startsWith("409:")) {
          showExists();
          return;
        }
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
        setOpen(next);
        if (!next) setName("");
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Plus aria-hidden="true" />
          Add Category
        </Button>
      </DialogTrigger>
      <DialogContent>
        <CategoryNameForm
          title="Add Category"
          description="Create a category of your own to organise your links."
          name={name}
          onNameChange={setName}
          onSubmit={onSubmit}
          pending={create.isPending}
          submitLabel="Create Category"
        />
      </DialogContent>
    </Dialog>
  );
}
