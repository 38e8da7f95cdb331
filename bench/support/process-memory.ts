// A process's resident memory as Linux reports it in /proc/<pid>/status: VmRSS (now) and VmHWM
// (its high-water mark), and the RSS of the process with every process under it (the server's
// helpers), found through /proc's children lists.
import { readdirSync, readFileSync } from "node:fs";

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return Number(match?.[1] ?? 0);
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** The process and every process under it. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    const current = tree[i] ?? pid;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${current}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, "utf8").trim();
        for (const child of children ? children.split(/\s+/) : []) tree.push(Number(child));
      } catch {
        // the task ended
      }
    }
  }
  return tree;
}

/** Resident memory of the process and its child processes, in MB. */
export function treeRssMb(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + statusKb(each, "VmRSS"), 0) / 1024;
}

/** Resident memory of the process alone, in MB. */
export function ownRssMb(pid: number): number {
  return statusKb(pid, "VmRSS") / 1024;
}

/** The process's own peak resident memory (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  return statusKb(pid, "VmHWM") / 1024;
}
