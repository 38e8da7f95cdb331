// The memory this process really has: its cgroup's limit (v2's memory.max, v1's
// memory.limit_in_bytes, the smallest along the group's ancestors, as the kernel enforces them all),
// else the machine's memory. Plain JavaScript because the launcher reads it before Node starts the
// app (decision 0352).
import { readFileSync } from "node:fs";
import { totalmem } from "node:os";
import path from "node:path";

const MB = 1024 * 1024;
const CGROUP_ROOT = "/sys/fs/cgroup";

/**
 * The group and each ancestor up to the hierarchy's root ("/a/b" gives "/a/b", "/a", "/").
 * @param {string} group
 */
function groupAndAncestors(group) {
  /** @type {string[]} */
  const levels = [];
  for (let current = path.posix.resolve("/", group); ; current = path.posix.dirname(current)) {
    levels.push(current);
    if (current === "/") return levels;
  }
}

/**
 * A limit file's value in bytes; undefined for none ("max", v1's huge "unlimited", unreadable).
 * @param {string | undefined} text
 */
function limitBytes(text) {
  const value = text?.trim();
  if (!value || !/^\d+$/.test(value)) return undefined;
  const bytes = Number(value);
  // v1 writes "unlimited" as the largest page-aligned 64-bit value (9223372036854771712).
  return bytes >= 2 ** 60 ? undefined : bytes;
}

/**
 * The limit in bytes from `/proc/self/cgroup`'s text, reading each limit file through `read`
 * (undefined when it does not exist), or the machine's `totalBytes` when no group limits it less.
 * @param {{ procSelfCgroup: string; read: (file: string) => string | undefined; totalBytes: number; root?: string }} source
 * @returns {number}
 */
export function memoryLimitBytes({ procSelfCgroup, read, totalBytes, root = CGROUP_ROOT }) {
  const limits = [totalBytes];
  for (const line of procSelfCgroup.split("\n")) {
    const [id, controllers, group] = line.split(/:(.*?):/);
    if (group === undefined || controllers === undefined) continue;
    const v2 = id === "0" && controllers === "";
    if (!v2 && !controllers.split(",").includes("memory")) continue;
    for (const level of groupAndAncestors(group)) {
      const file = v2
        ? path.posix.join(root, level, "memory.max")
        : path.posix.join(root, "memory", level, "memory.limit_in_bytes");
      const bytes = limitBytes(read(file));
      if (bytes !== undefined) limits.push(bytes);
    }
  }
  return Math.min(...limits);
}

/** @param {string} file */
function readOrUndefined(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined; // no such group file: this level sets no limit
  }
}

/**
 * This process's memory limit in MB: `overrideMb` (MEMORY_LIMIT_MB) when set, else its cgroup's or the machine's.
 * @param {number | undefined} overrideMb
 * @returns {number}
 */
export function processMemoryLimitMb(overrideMb) {
  if (overrideMb !== undefined) return overrideMb;
  const bytes = memoryLimitBytes({
    procSelfCgroup: readOrUndefined("/proc/self/cgroup") ?? "",
    read: readOrUndefined,
    totalBytes: totalmem(),
  });
  return Math.floor(bytes / MB);
}
