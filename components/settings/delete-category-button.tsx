"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { CATEGORIES_KEY, type CustomCategory } from "@/components/links/link-queries";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete category ${category.name}`} className="size-8">
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title="Delete category?"
      description={`Links saved with "${category.name}" keep the association, but the category will no longer be offered when you save links.`}
      confirmLabel="Delete"
      open={open}
      onOpenChange={setOpen}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
    />
  );
}
