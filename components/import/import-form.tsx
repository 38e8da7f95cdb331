"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useId, useState, type FormEvent } from "react";
import { importSummary, type ImportResult } from "@/lib/import/summary";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

// Settings → Import and export, the import: uploads the chosen file as the request body and reads
// the NDJSON progress lines as they arrive. Plain fetch and state: it adds little to the page's script.

type Line = ImportResult & { done?: boolean; bytesRead?: number; message?: string };

type State =
  | { phase: "idle" }
  | { phase: "running"; percent: number }
  | { phase: "done"; summary: string; feeds: boolean }
  | { phase: "failed"; message: string };

async function readLines(res: Response, onLine: (line: Line) => void): Promise<void> {
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    buffered += decoder.decode(next.value, { stream: true });
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line));
  }
  if (buffered.trim()) onLine(JSON.parse(buffered));
}

/** The import: the chosen file goes up as the request body, its progress lines come back. */
export function ImportForm() {
  const inputId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  // A file picked before the page hydrated fired its change event before React listened.
  const pickUpEarlyFile = useCallback((input: HTMLInputElement | null) => {
    const early = input?.files?.[0];
    if (early) setFile(early);
  }, []);
  const [state, setState] = useState<State>({ phase: "idle" });
  const running = state.phase === "running";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    setState({ phase: "running", percent: 0 });
    try {
      const res = await fetch(`/api/import?filename=${encodeURIComponent(file.name)}`, { method: "POST", body: file });
      if (!res.ok) {
        const body: { message?: string } = await res.json().catch(() => ({}));
        setState({ phase: "failed", message: body.message ?? "The import failed. Please try again." });
        return;
      }
      await readLines(res, (line) => {
        if (line.done) setState({ phase: "done", summary: importSummary(line), feeds: line.feeds !== undefined });
        else if (line.bytesRead !== undefined)
          setState({
            phase: "running",
            percent: Math.min(99, Math.round((line.bytesRead / Math.max(file.size, 1)) * 100)),
          });
      });
      await queryClient.invalidateQueries();
    } catch {
      setState({
        phase: "failed",
        message: "The connection broke off. Links imported so far are kept; import the file again to add the rest.",
      });
    }
  }

  const percent = state.phase === "running" ? state.percent : 100;
  return (
    <form onSubmit={submit} className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>File to import</Label>
        <Input
          id={inputId}
          ref={pickUpEarlyFile}
          type="file"
          accept=".zip,.csv,.html,.htm,.json,.opml,.xml"
          aria-describedby={hintId}
          disabled={running}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          Pocket (ZIP or CSV), Instapaper CSV, bookmark HTML from a browser, Raindrop or Linkwarden, or a LinkStash
          export. Save times are kept and links you already have are skipped. An OPML file from a feed reader subscribes
          you to its feeds.
        </p>
      </div>
      <div>
        <Button type="submit" disabled={!file || running}>
          {running ? "Importing…" : "Import"}
        </Button>
      </div>
      {state.phase === "running" || state.phase === "done" ? (
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm">
        {state.phase === "running" ? `Importing… ${state.percent}%` : null}
        {state.phase === "done" && state.feeds ? state.summary : null}
        {state.phase === "done" && !state.feeds ? (
          <>
            {state.summary}{" "}
            <Link href="/history" className="font-medium underline underline-offset-4">
              See them in History
            </Link>
          </>
        ) : null}
        {state.phase === "failed" ? <span className="text-destructive">{state.message}</span> : null}
      </div>
    </form>
  );
}
