"use client";

import { Check, Plus } from "lucide-react";
import { useId, useState } from "react";
import { CategoryDialog } from "@/components/categories/category-dialog";
import { useCustomCategories } from "@/components/categories/category-queries";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { BUILT_IN_CATEGORIES, categoryKey, DEFAULT_CATEGORY, MAX_CATEGORIES_PER_LINK } from "@/lib/categories/rules";

// Blocked buttons use aria-disabled, not `disabled`, and take presses (`data-explain=""`): a
// fourth pick by mouse, touch or keyboard says why nothing happened ("Maximum categories reached").
function showMaximumReached() {
  toast({
    variant: "destructive",
    title: "Maximum categories reached",
    description: `You can only select up to ${MAX_CATEGORIES_PER_LINK} categories per link`,
  });
}

/**
 * The add-link form's category buttons: the 10 built-ins plus the user's own, toggled on and off;
 * the first picked is the primary category.
 */
export function CategoryPicker({
  value,
  onChange,
  labelId,
  describedBy,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  labelId: string;
  describedBy?: string;
}) {
  const summaryId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const custom = useCustomCategories();
  const customNames = (custom.data ?? []).map((category) => category.name);
  const names = [...BUILT_IN_CATEGORIES, ...customNames];
  const full = value.length >= MAX_CATEGORIES_PER_LINK;

  const isSelected = (name: string) => value.some((selected) => categoryKey(selected) === categoryKey(name));

  function toggle(name: string) {
    if (isSelected(name)) onChange(value.filter((selected) => categoryKey(selected) !== categoryKey(name)));
    else if (full) showMaximumReached();
    else onChange([...value, name]);
  }

  function select(name: string) {
    if (isSelected(name)) return;
    if (full) showMaximumReached();
    else onChange([...value, name]);
  }

  const [primary, ...others] = value;

  return (
    <div className="grid gap-3">
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={[summaryId, describedBy].filter(Boolean).join(" ")}
        className="flex flex-wrap gap-2"
      >
        {names.map((name) => {
          const selected = isSelected(name);
          const blocked = full && !selected;
          return (
            <Button
              key={name}
              size="sm"
              variant={selected ? "default" : "outline"}
              aria-pressed={selected}
              aria-disabled={blocked || undefined}
              data-explain=""
              onClick={() => toggle(name)}
              className="max-w-full aria-disabled:cursor-not-allowed"
            >
              {selected ? <Check aria-hidden="true" /> : null}
              <span className="truncate">{name}</span>
            </Button>
          );
        })}
        <CategoryDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          customNames={customNames}
          onSelect={select}
          // The dialog's own trigger: Radix hands focus back to it however the dialog closes.
          trigger={
            <Button
              size="sm"
              variant="ghost"
              aria-disabled={full || undefined}
              data-explain=""
              onClick={(event) => {
                if (!full) return;
                event.preventDefault();
                showMaximumReached();
              }}
              className="border border-dashed aria-disabled:cursor-not-allowed"
            >
              <Plus aria-hidden="true" />
              New category
            </Button>
          }
        />
      </div>
      <p id={summaryId} aria-live="polite" className="text-sm text-muted-foreground">
        {primary
          ? `Primary: ${primary}${others.length > 0 ? `; also ${others.join(", ")}` : ""} (${value.length} of ${MAX_CATEGORIES_PER_LINK})`
          : `None selected: the link is saved as ${DEFAULT_CATEGORY}. Pick up to ${MAX_CATEGORIES_PER_LINK}; the first is the primary.`}
      </p>
    </div>
  );
}
