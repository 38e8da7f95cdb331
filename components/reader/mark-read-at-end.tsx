"use client";

import { Check, LoaderCircle, RotateCcw } from "lucide-react";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useSetLinkRead } from "@/components/links/link-queries";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";
import { MARK_READ_AT_END_STORAGE_KEY } from "@/lib/client/reader-size";
import { useStoredChoice } from "@/components/reader/use-stored-choice";

/** Mark as read at the end of the article, by hand or (a remembered choice) on reaching it. */
export function MarkReadAtEnd({ linkId, alreadyRead }: { linkId: string; alreadyRead: boolean }) {
  const setRead = useSetLinkRead(linkId);
  const [read, setReadState] = useState(alreadyRead);
  const [storedAtEnd, setAtEnd] = useStoredChoice(MARK_READ_AT_END_STORAGE_KEY);
  const atEnd = storedAtEnd === "true";
  const end = useRef<HTMLDivElement>(null);
  const checkboxId = useId();

  const mark = (value: boolean) =>
    setRead.mutate(value, {
      onSuccess: () => setReadState(value),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: serverMessage(error, "Failed to update the link"),
        }),
    });

  const markReadOnArrival = useEffectEvent(() => mark(true));

  useEffect(() => {
    const target = end.current;
    if (!atEnd || read || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      markReadOnArrival();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [atEnd, read]);

  return (
    <div ref={end} className="flex flex-wrap items-center justify-between gap-3 border-t pt-6">
      <div className="flex items-center gap-2">
        <Checkbox id={checkboxId} checked={atEnd} onCheckedChange={(checked) => setAtEnd(String(checked))} />
        <Label htmlFor={checkboxId} weight="normal">
          Mark as read when I reach the end
        </Label>
      </div>
      <span role="status" className="sr-only">
        {setRead.isSuccess ? (read ? "Marked as read" : "Marked as unread") : ""}
      </span>
      <Button type="button" variant="outline" disabled={setRead.isPending} onClick={() => mark(!read)}>
        {setRead.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : read ? (
          <RotateCcw aria-hidden="true" />
        ) : (
          <Check aria-hidden="true" />
        )}
        {read ? "Mark as unread" : "Mark as read"}
      </Button>
    </div>
  );
}
