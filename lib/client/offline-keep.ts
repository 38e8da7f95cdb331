// How many unread articles this device keeps for reading offline (docs/decisions/0345): a choice of
// this browser, in localStorage, like the reader's text size.

export const OFFLINE_KEEP_STORAGE_KEY = "linkstash-offline-keep";
export const OFFLINE_KEEP_CHOICES = [50, 100, 200, 300, 500] as const;
export const OFFLINE_KEEP_DEFAULT = 50;

export function parseOfflineKeep(value: string | null): number {
  const keep = Number(value);
  return OFFLINE_KEEP_CHOICES.find((choice) => choice === keep) ?? OFFLINE_KEEP_DEFAULT;
}

/** Bytes as people read them: "840 KB", "12.5 MB", "1.2 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(0, Math.round(bytes / 1000))} KB`;
  if (bytes < 1000 * 1000 * 1000) return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
  return `${(bytes / 1e9).toFixed(1)} GB`;
}
