"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Plus } from "lucide-react";
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
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { BUILT_IN_CATEGORIES, findExistingCategory, MAX_CATEGORY_NAME_LENGTH } from "@/lib/categories-rules";
import { apiRequest, serverMessage } from "@/lib/fetcher";
import { CATEGORY_NAME_INVALID_MESSAGE, categorySchema } from "@/lib/validations/category";

const CATEGORY_EXISTS_MESSAGE = "A category with this name already exists (case-insensitive match).";
const createdCategorySchema = z.object({ id: z.string(), name: z.string() });

function showExists() {
  toast({ variant: "destructive", title: "Category already exists", description: CATEGORY_EXISTS_MESSAGE });
}

/** Settings' "Add Category" (SPEC §5 "New category (settings)"): a name that exists is refused. */
export function AddCategoryDialog({ customNames }: { customNames: readonly string[] }) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const queryClient = useQueryClient();

  const create = useMutation({
    mutationFn: async (categoryName: string) => {
      const res = await apiRequest("POST", "/api/categories", { name: categoryName });
      return createdCategorySchema.parse(await res.json());
    },
    onSuccess: async (category) => {
      queryClient.setQueryData<CustomCategory[]>(CATEGORIES_KEY, (list) =>
        list && !list.some((existing) => existing.id === category.id) ? [...list, category] : list,
      );
      toast({ title: "Category created!", description: `"${category.name}" category has been added.` });
      setOpen(false);
      setName("");
      await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    if (findExistingCategory(parsed.data.name, BUILT_IN_CATEGORIES, customNames)) {
      showExists();
      return;
    }
    create.mutate(parsed.data.name);
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
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add Category</DialogTitle>
            <DialogDescription>Create a category of your own to organise your links.</DialogDescription>
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
            <SubmitButton disabled={create.isPending}>
              {create.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                  Creating...
                </>
              ) : (
                "Create Category"
              )}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
