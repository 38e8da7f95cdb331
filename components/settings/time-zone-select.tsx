"use client";

import { Check, ChevronsUpDown } from "lucide-react";
import { useId, useMemo, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";
import { canonicalZone, isValidTimeZone, searchZones, zoneOptions, type ZoneOption } from "@/lib/time/time-zones";

type TimeZoneSelectProps = Omit<ComponentProps<"input">, "value" | "defaultValue" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
};

function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A searchable time-zone picker (the WAI-ARIA combobox with a list box): type a city, a region, an
 * old name or an offset; arrows move through the matches, Enter picks, Escape puts the saved zone
 * back. Zones carry their current UTC offset, and the browser's own zone comes first.
 */
export function TimeZoneSelect({ value, onValueChange, className, id, ref, ...inputProps }: TimeZoneSelectProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-zones`;
  const countId = `${inputId}-count`;
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const options = useMemo(
    () =>
      zoneOptions(
        Intl.supportedValuesOf("timeZone"),
        { current: value, browser: browserZone() },
        new Date(),
        isValidTimeZone,
      ),
    [value],
  );
  const browser = useMemo(() => {
    const zone = browserZone();
    return zone ? canonicalZone(zone) : null;
  }, []);
  const matches = useMemo(() => searchZones(options, query ?? ""), [options, query]);
  const selected = options.find((option) => option.zone === canonicalZone(value));
  const shown = query ?? (selected ? `${selected.label} (${selected.offset})` : value);
  const activeOption = open ? matches[Math.min(active, matches.length - 1)] : undefined;

  function optionId(option: ZoneOption): string {
    return `${listId}-${option.zone.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  }

  function show(index: number) {
    setActive(index);
    setOpen(true);
    const option = matches[index];
    if (option)
      requestAnimationFrame(() => document.getElementById(optionId(option))?.scrollIntoView({ block: "nearest" }));
  }

  function pick(option: ZoneOption) {
    onValueChange(option.zone);
    setQuery(null);
    setOpen(false);
  }

  function close() {
    setQuery(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      show(open ? Math.min(active + 1, last) : Math.max(0, selected ? matches.indexOf(selected) : 0));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      show(open ? Math.max(active - 1, 0) : 0);
    } else if (event.key === "Enter" && open) {
      // Enter picks the highlighted zone instead of submitting the form.
      event.preventDefault();
      if (activeOption) pick(activeOption);
    } else if (event.key === "Escape" && (open || query !== null)) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if ((event.key === "Home" || event.key === "End") && open && query === null) {
      event.preventDefault();
      show(event.key === "Home" ? 0 : last);
    }
  }

  return (
    <div className={cn("relative", className)}>
      <div className="relative">
        <input
          {...inputProps}
          ref={ref}
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-describedby={
            [inputProps["aria-describedby"], open ? countId : undefined].filter(Boolean).join(" ") || undefined
          }
          autoComplete="off"
          spellCheck={false}
          value={shown}
          onFocus={(event) => event.currentTarget.select()}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // A click on an option lands after the blur; the list handles it with a pointer-down.
            if (listRef.current?.contains(event.relatedTarget)) return;
            close();
            inputProps.onBlur?.(event);
          }}
          className="flex h-9 w-full rounded-md border border-input bg-transparent py-1 pr-9 pl-3 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
          placeholder="Type a city or time zone"
        />
        <ChevronsUpDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
      <p id={countId} className="sr-only" aria-live="polite">
        {open ? `${matches.length} ${matches.length === 1 ? "time zone" : "time zones"} found` : ""}
      </p>
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Time zones"
          className="absolute z-50 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {matches.length === 0 ? (
            <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
              No time zone matches “{query}”.
            </li>
          ) : (
            matches.map((option) => {
              const isSelected = option.zone === selected?.zone;
              return (
                <li
                  key={option.zone}
                  id={optionId(option)}
                  role="option"
                  aria-selected={isSelected}
                  // Keeps focus in the input: the pick happens before the input would blur.
                  onPointerDown={(event) => {
                    event.preventDefault();
                    pick(option);
                  }}
                  onPointerMove={() => setActive(matches.indexOf(option))}
                  className={cn(
                    "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm",
                    option === activeOption && "bg-accent text-accent-foreground",
                  )}
                >
                  <Check aria-hidden="true" className={cn("size-4 shrink-0", !isSelected && "invisible")} />
                  <span className="min-w-0 flex-1 truncate">
                    {option.label}
                    {option.zone === browser ? <span className="text-muted-foreground"> · your browser</span> : null}
                  </span>{" "}
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{option.offset}</span>
                </li>
              );
            })
          )}
        </ul>
      ) : null}
    </div>
  );
}
