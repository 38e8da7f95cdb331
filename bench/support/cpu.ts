// CPU time of processes, from /proc/<pid>/stat: what a request costs the machine, whatever else runs
// on the same cores (wall-clock rates are shared with everything else; CPU time is the process's own).
import { readdirSync, readFileSync } from "node:fs";

// utime and stime are in clock ticks: 100 per second on Linux (sysconf(_SC_CLK_TCK), fixed by the ABI).
const MS_PER_TICK = 10;

type Stat = { ppid: number; cpuMs: number };

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces; the fields after it start with the state (field 3).
    const fields = text.slice(text.lastIndexOf(") ") + 2).split(" ");
    // ppid is field 4, utime and stime fields 14 and 15: indexes 1, 11 and 12 after the name.
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK };
  } catch {
    return null;
  }
}

/** The process's own CPU time (user + system) so far, in ms; null when it has ended. */
export function ownCpuMs(pid: number): number | null {
  return readStat(pid)?.cpuMs ?? null;
}

/** The process's CPU time (user + system) so far, in ms, with that of its live descendants. */
export function processTreeCpuMs(pid: number): number {
  const root = readStat(pid);
  if (!root) throw new Error(`no process ${pid} in /proc`);
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    const stat = readStat(child);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), child]);
  }
  let total = root.cpuMs;
  const pending = [...(children.get(pid) ?? [])];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    total += readStat(next)?.cpuMs ?? 0;
    pending.push(...(children.get(next) ?? []));
  }
  return total;
}

/** The CPU time of several process trees together, in ms. */
export function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + processTreeCpuMs(pid), 0);
}

/** Each process's CPU time (its tree's) now, to subtract later with cpuSince. */
export function cpuSnapshot(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processTreeCpuMs(pid)]));
}

/** CPU time spent since the snapshot by these processes; one that started since counts from 0, one
 *  that has ended since counts nothing (its time is gone from /proc). */
export function cpuSince(before: Map<number, number>, pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const now = readStat(pid) ? processTreeCpuMs(pid) : undefined;
    return now === undefined ? sum : sum + now - (before.get(pid) ?? 0);
  }, 0);
}
