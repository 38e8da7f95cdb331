import { useId } from "react";

/**
 * The "Email address" field of a plain form (sign-in, the email test): a native input named
 * `email`, its label, and `error` below it when there is one. Its classes come from the server, so
 * the page loads no class merging.
 */
export function PlainEmailField({
  error,
  onEdit,
  inputClassName,
  required = false,
}: {
  error: string | null;
  /** Called as the address is edited (a form clears its error then). */
  onEdit: () => void;
  inputClassName: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <label
        htmlFor={`${id}-email`}
        className={`text-sm leading-snug font-medium select-none${error ? " text-destructive" : ""}`}
      >
        Email address
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        required={required}
        maxLength={254}
        autoComplete="email"
        placeholder="you@example.com"
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-message` : undefined}
        onChange={onEdit}
        className={inputClassName}
      />
      {error ? (
        <p id={`${id}-message`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
