"use client";

import { Slot } from "radix-ui";
import { createContext, useContext, useEffect, useId, useMemo, useState, type ComponentProps } from "react";
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

// react-hook-form glue: each field gets ids that tie its label, description and error message to
// the control (htmlFor, aria-describedby, aria-invalid), so every form is accessible by default.

const Form = FormProvider;

type FormFieldContextValue = { name: string };
const FormFieldContext = createContext<FormFieldContextValue | null>(null);

function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

// The item knows whether a description is rendered, so the control's aria-describedby never
// points at an id that is not in the page (axe: aria-valid-attr-value).
type FormItemContextValue = { id: string; hasDescription: boolean; setHasDescription: (present: boolean) => void };
const FormItemContext = createContext<FormItemContextValue | null>(null);

function useFormField() {
  const fieldContext = useContext(FormFieldContext);
  const itemContext = useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  if (!fieldContext || !itemContext) throw new Error("useFormField must be used inside <FormField> and <FormItem>");
  const formState = useFormState({ name: fieldContext.name });
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id, hasDescription, setHasDescription } = itemContext;
  return {
    id,
    hasDescription,
    setHasDescription,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formLabelId: `${id}-form-item-label`,
    formDescriptionId: `${id}-form-item-description`,
    formMessageId: `${id}-form-item-message`,
    ...fieldState,
  };
}

function FormItem({ className, ...props }: ComponentProps<"div">) {
  const id = useId();
  const [hasDescription, setHasDescription] = useState(false);
  const context = useMemo(() => ({ id, hasDescription, setHasDescription }), [id, hasDescription]);
  return (
    <FormItemContext.Provider value={context}>
      <div className={cn("grid gap-2", className)} {...props} />
    </FormItemContext.Provider>
  );
}

function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { error, formItemId, formLabelId } = useFormField();
  return (
    <Label
      id={formLabelId}
      htmlFor={formItemId}
      data-error={Boolean(error)}
      className={cn("data-[error=true]:text-destructive", className)}
      {...props}
    />
  );
}

/** The field's control. aria-labelledby also names controls a <label for> cannot (a radio group's container). */
function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, hasDescription, formItemId, formLabelId, formDescriptionId, formMessageId } = useFormField();
  const describedBy = [hasDescription ? formDescriptionId : null, error ? formMessageId : null].filter(
    (part) => part !== null,
  );
  return (
    <Slot.Root
      id={formItemId}
      aria-labelledby={formLabelId}
      aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
      aria-invalid={Boolean(error)}
      {...props}
    />
  );
}

function FormDescription({ className, ...props }: ComponentProps<"p">) {
  const { formDescriptionId, setHasDescription } = useFormField();
  useEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <p id={formDescriptionId} className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** The field's validation message (or the given children); nothing when there is neither. */
function FormMessage({ className, children, ...props }: ComponentProps<"p">) {
  const { error, formMessageId } = useFormField();
  const body = error?.message ?? children;
  if (!body) return null;
  return (
    <p id={formMessageId} className={cn("text-sm font-medium text-destructive", className)} {...props}>
      {body}
    </p>
  );
}

export { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField };
