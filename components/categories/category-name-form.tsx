"use client";

import { useId, type FormEvent } from "react";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { MAX_CATEGORY_NAME_LENGTH } from "@/lib/categories-rules";
import { CATEGORY_NAME_INVALID_MESSAGE, categorySchema } from "@/lib/validations/category";

/** The trimmed, valid name, or null after SPEC's "Invalid category name" toast. */
export function validCategoryName(name: string): string | null {
  const parsed = categorySchema.safeParse({ name });
  if (parsed.success) return parsed.data.name;
  toast({
    variant: "destructive",
    title: "Invalid category name",
    description: parsed.error.issues[0]?.message ?? CATEGORY_NAME_INVALID_MESSAGE,
  });
  return null;
}

/** The body of both category dialogs (dashboard and settings): one name field, Cancel and create. */
export function CategoryNameForm({
  title,
  description,
  name,
  onNameChange,
  onSubmit,
  pending,
  submitLabel,
  submitDisabled = false,
}: {
  title: string;
  description: string;
  name: string;
  onNameChange: (name: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
}) {
  const inputId = useId();
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Category name</Label>
        <Input
          id={inputId}
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
          maxLength={MAX_CATEGORY_NAME_LENGTH}
          placeholder="e.g. Recipes, Research, Travel"
          autoComplete="off"
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <SubmitButton disabled={submitDisabled || pending}>
          <BusyLabel busy={pending} label={submitLabel} busyLabel="Creating..." />
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
