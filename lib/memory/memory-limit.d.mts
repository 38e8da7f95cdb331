// Types of memory-limit.mjs (plain JavaScript, read by the launcher before Node starts the app).

export declare function memoryLimitBytes(source: {
  procSelfCgroup: string;
  read: (file: string) => string | undefined;
  totalBytes: number;
  root?: string;
}): number;
export declare function processMemoryLimitMb(overrideMb: number | undefined): number;
