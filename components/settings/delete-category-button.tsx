"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { CustomCategory } from "@/components/categories/category-queries";
import { ConfirmDeleteButton, TrashButton } from "@/components/ui/confirm-delete-button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";
import { CATEGORIES_KEY } from "@/lib/client/query-keys";

/** The delete icon of a custom category, with its confirmation. */
export function DeleteCategoryButton({ category }: { category: CustomCategory }) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteButton
      path={`/api/categories/${encodeURIComponent(category.id)}`}
      trigger={<TrashButton label={`Delete category ${category.name}`} className="size-8" />}
      title="Delete category?"
      description={`Links saved with "${category.name}" keep the association, but the category will no longer be offered when you save links.`}
      onDeleted={async () => {
        queryClient.setQueryData<CustomCategory[]>(CATEGORIES_KEY, (list) => list?.filter((c) => c.id !== category.id));
        toast({ title: "Category deleted", description: `"${category.name}" has been removed.` });
        await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
      }}
      onFailed={(error) =>
        toast({
          variant: "destructive",
          title: "Failed to delete category",
          description: serverMessage(error, "An error occurred while deleting the category."),
        })
      }
    />
  );
}
