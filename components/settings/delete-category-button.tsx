"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Trash2 } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { CATEGORIES_KEY, type CustomCategory } from "@/components/links/link-queries";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/fetcher";

/** The delete icon of a custom category, with its confirmation. */
export function DeleteCategoryButton({ category }: { category: CustomCategory }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/categories/${encodeURIComponent(category.id)}`),
    onSuccess: async () => {
      queryClient.setQueryData<CustomCategory[]>(CATEGORIES_KEY, (list) => list?.filter((c) => c.id !== category.id));
      setOpen(false);
      toast({ title: "Category deleted", description: `"${category.name}" has been removed.` });
      await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
    },
    onError: (error) => {
      setOpen(false);
      toast({
        variant: "destructive",
        title: "Failed to delete category",
        description: serverMessage(error, "An error occurred while deleting the category."),
      });
    },
  });

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Keep the dialog open (and its button busy) until the server has answered.
    event.preventDefault();
    remove.mutate();
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete category ${category.name}`} className="size-8">
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete category?</AlertDialogTitle>
          <AlertDialogDescription>
            {`Links saved with "${category.name}" keep the association, but the category will no longer be offered when you save links.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Deleting...
              </>
            ) : (
              "Delete"
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
