"use client";

import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

// WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between the enabled tabs
// and select the one they land on; only the selected tab is a Tab stop. Written out rather than
// taken from a library, which would load a roving-focus engine for four buttons.

type TabsState = { value: string; select: (value: string) => void; baseId: string };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error("A tab is used outside <Tabs>");
  return tabs;
}

/** Controlled (`value`, `onValueChange`) or not (`defaultValue`). */
function Tabs({
  value,
  defaultValue = "",
  onValueChange,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const select = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: value ?? own, select, baseId }}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

const idFor = (baseId: string, part: "tab" | "panel", value: string) => `${baseId}-${part}-${value}`;

/** `layout="grid"`: the tabs fill the width in the columns the caller gives (`grid-cols-…`). */
function TabsList({
  className,
  layout = "inline",
  onKeyDown,
  ...props
}: ComponentProps<"div"> & { layout?: "inline" | "grid" }) {
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    const target = {
      ArrowRight: tabs[(index + 1) % tabs.length],
      ArrowLeft: tabs[(index - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs.at(-1),
    }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      className={cn(
        "items-center justify-center rounded-md bg-muted p-1 text-muted-foreground",
        layout === "inline" ? "inline-flex h-10" : "grid w-full",
        className,
      )}
      {...props}
    />
  );
}

function TabsTrigger({ className, value, disabled, ...props }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(tabs.baseId, "tab", value)}
      aria-selected={selected}
      aria-controls={idFor(tabs.baseId, "panel", value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      // Automatic activation: a tab is selected as focus lands on it, by click or by arrow key.
      onFocus={() => !disabled && tabs.select(value)}
      onClick={() => !disabled && tabs.select(value)}
      className={cn(
        "inline-flex items-center justify-center gap-1.5 rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-3.5",
        className,
      )}
      {...props}
    />
  );
}

/** The selected tab's panel; the others are not rendered. */
function TabsContent({ className, value, ...props }: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.baseId, "panel", value)}
      aria-labelledby={idFor(tabs.baseId, "tab", value)}
      data-state="active"
      tabIndex={0}
      className={cn(
        "mt-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        className,
      )}
      {...props}
    />
  );
}

export { Tabs, TabsContent, TabsList, TabsTrigger };
