import { existsSync, writeFileSync } from "node:fs";

// An app server under libfaketime (Debian's faketime package), whose wall clock a test moves by
// writing an offset such as "+86400" into `clockFile` (and putting back "+0" when it is done).
// Only the wall clock moves; timers keep real time.

const faketimeLibrary = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
].find(existsSync);

/** The environment that puts a server's clock on `clockFile`, which starts at "+0". */
export function fakeClockEnv(clockFile: string): Record<string, string> {
  if (!faketimeLibrary) throw new Error("libfaketime is missing: apt-get install -y faketime");
  writeFileSync(clockFile, "+0");
  return {
    LD_PRELOAD: faketimeLibrary,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_CACHE_DURATION: "1",
    DONT_FAKE_MONOTONIC: "1",
  };
}
