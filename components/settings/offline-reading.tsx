"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { syncOfflinePages } from "@/components/reader/offline-sync";
import { NativeSelect } from "@/components/ui/native-select";
import {
  formatBytes,
  OFFLINE_KEEP_CHOICES,
  OFFLINE_KEEP_STORAGE_KEY,
  parseOfflineKeep,
} from "@/lib/client/offline-keep";
import { readStored, writeStored } from "@/lib/client/reader-size";
import { SW_MESSAGE } from "@/lib/offline/sw-messages";

// Offline reading in Settings (docs/decisions/0345): how many unread articles this device keeps,
// and the storage they take. The service worker keeps them (public/sw.js) and answers what it holds.

type Kept = { pages: number; images: number; bytes: number };

function askWorker(type: "reader-status" | "sync", owner: string): Promise<Kept> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<Kept>) => resolve(event.data);
    const sent =
      type === "sync"
        ? syncOfflinePages(owner, channel.port2)
        : navigator.serviceWorker.ready.then((registration) =>
            registration.active?.postMessage({ type: SW_MESSAGE.readerStatus }, [channel.port2]),
          );
    sent.catch(reject);
  });
}

async function storageUsed(): Promise<number | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage } = await navigator.storage.estimate();
  return usage ?? null;
}

export function OfflineReading({ owner }: { owner: string }) {
  const [supported] = useState(() => "serviceWorker" in navigator && "caches" in window);
  const [keep, setKeep] = useState(() => parseOfflineKeep(readStored(OFFLINE_KEEP_STORAGE_KEY)));
  const [kept, setKept] = useState<Kept | null>(null);
  const [used, setUsed] = useState<number | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [failed, setFailed] = useState(false);
  const selectId = useId();

  const show = useCallback((next: Kept) => {
    setKept(next);
    setFailed(false);
    void storageUsed().then(setUsed, () => setUsed(null));
  }, []);

  useEffect(() => {
    if (!supported) return;
    askWorker("reader-status", owner).then(show, () => setFailed(true));
  }, [owner, show, supported]);

  if (!supported) return <p className="text-sm text-muted-foreground">This browser cannot keep articles offline.</p>;

  const choose = (value: string) => {
    const next = parseOfflineKeep(value);
    setKeep(next);
    writeStored(OFFLINE_KEEP_STORAGE_KEY, String(next));
    setSyncing(true);
    askWorker("sync", owner)
      .then(show, () => setFailed(true))
      .finally(() => setSyncing(false));
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5 sm:max-w-xs">
        <label htmlFor={selectId} className="text-sm font-medium">
          Unread articles kept on this device
        </label>
        <NativeSelect id={selectId} value={String(keep)} onChange={(event) => choose(event.target.value)}>
          {OFFLINE_KEEP_CHOICES.map((choice) => (
            <option key={choice} value={String(choice)}>
              {`The newest ${choice}`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="text-sm" role="status">
        {syncing
          ? "Updating the articles kept on this device…"
          : failed
            ? "Could not ask this browser what it keeps. Open the app again to try."
            : kept
              ? `Kept: ${kept.pages} ${kept.pages === 1 ? "article" : "articles"} and ${kept.images} ${
                  kept.images === 1 ? "image" : "images"
                }, ${formatBytes(kept.bytes)}.`
              : "Checking what this device keeps…"}
      </p>
      {used !== null && !syncing ? (
        <p className="text-sm text-muted-foreground">{`LinkStash uses ${formatBytes(used)} of this device's storage in all.`}</p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        The installed app brings them up to date when you open your links. A link is kept once its article is ready;
        images from sites that do not allow it are not kept.
      </p>
    </div>
  );
}
