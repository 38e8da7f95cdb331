"use client";

import { Plus } from "lucide-react";
import { useState } from "react";
import { CategoryDialog } from "@/components/categories/category-dialog";
import { useCustomCategories } from "@/components/categories/category-queries";
import { DeleteCategoryButton } from "@/components/settings/delete-category-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { BUILT_IN_CATEGORIES } from "@/lib/categories/rules";

/** The 10 built-in categories, the user's own with a delete each, and the Add Category dialog. */
export function ManageCategories() {
  // The settings page prefills the list; without it the query fetches it.
  const categories = useCustomCategories().data ?? [];
  const [addOpen, setAddOpen] = useState(false);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="default-categories" className="grid gap-3">
        <h3 id="default-categories" className="text-sm font-medium">
          Default categories
        </h3>
        <ul className="flex flex-wrap gap-2">
          {BUILT_IN_CATEGORIES.map((name) => (
            <li key={name}>
              <Badge variant="secondary">{name}</Badge>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="custom-categories" className="grid gap-3">
        <h3 id="custom-categories" className="text-sm font-medium">
          Your categories
        </h3>
        {categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">No custom categories yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li
                key={category.id}
                className="flex items-center gap-0.5 rounded-full border py-0.5 pr-0.5 pl-3 text-sm"
              >
                <span className="max-w-48 truncate" title={category.name}>
                  {category.name}
                </span>
                <DeleteCategoryButton category={category} />
              </li>
            ))}
          </ul>
        )}
        <div>
          <CategoryDialog
            open={addOpen}
            onOpenChange={setAddOpen}
            customNames={categories.map((category) => category.name)}
            trigger={
              <Button variant="outline">
                <Plus aria-hidden="true" />
                Add Category
              </Button>
            }
          />
        </div>
      </section>
    </div>
  );
}
