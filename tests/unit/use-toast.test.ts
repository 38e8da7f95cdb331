import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, shownToasts, toast } from "@/components/ui/use-toast";

// A toast's onClose is what a delete waiting for Undo hangs on: it must run once, whichever way the
// toast goes, and never for a toast still open.

afterEach(() => dismissToast());

describe("toast onClose", () => {
  it("runs once when the toast is dismissed from code, however often", () => {
    const onClose = vi.fn();
    const shown = toast({ title: "Link deleted", onClose });
    expect(onClose).not.toHaveBeenCalled();
    shown.dismiss();
    shown.dismiss();
    dismissToast();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("runs once when another toast replaces it, and not for the one now shown", () => {
    const first = vi.fn();
    const second = vi.fn();
    toast({ title: "Link deleted", onClose: first });
    toast({ title: "Link deleted", onClose: second });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    dismissToast();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("runs once when the toaster closes it (timed out, swiped, its close button or its action)", () => {
    const onClose = vi.fn();
    const { id } = toast({ title: "Link deleted", onClose });
    const shown = shownToasts().find((t) => t.id === id);
    expect(shown?.open).toBe(true);
    shown?.onOpenChange(false);
    shown?.onOpenChange(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(shownToasts().find((t) => t.id === id)?.open).toBe(false);
  });

  it("keeps a toast's action as data for the toaster to render", () => {
    const onClick = vi.fn();
    const { id } = toast({ title: "Link deleted", action: { label: "Undo", altText: "Undo: bring it back", onClick } });
    const action = shownToasts().find((t) => t.id === id)?.action;
    expect(action?.label).toBe("Undo");
    expect(action?.altText).toBe("Undo: bring it back");
    action?.onClick();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("calls the onClose an update gave, not the first one", () => {
    const first = vi.fn();
    const later = vi.fn();
    const shown = toast({ title: "Saving…", onClose: first });
    shown.update({ title: "Saved", onClose: later });
    shown.dismiss();
    expect(first).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
  });
});
