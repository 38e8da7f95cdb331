import { OFFLINE_KEEP_STORAGE_KEY, parseOfflineKeep } from "@/lib/client/offline-keep";
import { readStored } from "@/lib/client/reader-size";
import { SW_MESSAGE } from "@/lib/offline/sw-messages";

/**
 * Asks the service worker (public/sw.js) to bring the reader pages kept for reading offline up to
 * date: the newest unread links of `owner`, as many as this device keeps (Settings, "Offline
 * reading"). `port`, when given, hears what the device keeps once the sync is done.
 */
export async function syncOfflinePages(owner: string, port?: MessagePort): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const keep = parseOfflineKeep(readStored(OFFLINE_KEEP_STORAGE_KEY));
  registration.active?.postMessage({ type: SW_MESSAGE.syncReaderPages, owner, keep }, port ? [port] : []);
}
