// A memory limit for a process the test starts, as a small machine would impose it: a cgroup (v1)
// memory group, which the kernel enforces by killing the process (exit 137) when it is exceeded and
// cannot reclaim enough. Needs root and the cgroup v1 memory controller.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const MEMORY_CONTROLLER = "/sys/fs/cgroup/memory";

export type MemoryCgroup = {
  /** The file a process writes its pid to, to enter the group. */
  procs: string;
  /** The most memory the group's processes held at once (page cache included), in MB. */
  maxUsageMb: () => number;
  /** How many times the group reached its limit (and the kernel had to reclaim). */
  failCount: () => number;
  /** How many processes of the group the kernel's OOM killer has killed. */
  oomKills: () => number;
  /** Ends what is left in the group (a child the server started, say), then removes the group. */
  remove: () => Promise<void>;
};

export function createMemoryCgroup(name: string, limitBytes: number): MemoryCgroup {
  if (!existsSync(path.join(MEMORY_CONTROLLER, "memory.limit_in_bytes"))) {
    throw new Error(`no cgroup v1 memory controller at ${MEMORY_CONTROLLER}: this test needs one (and root)`);
  }
  const dir = path.join(MEMORY_CONTROLLER, `${name}-${process.pid}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "memory.limit_in_bytes"), String(limitBytes));
  const read = (file: string) => Number(readFileSync(path.join(dir, file), "utf8").trim());
  return {
    procs: path.join(dir, "cgroup.procs"),
    maxUsageMb: () => read("memory.max_usage_in_bytes") / 1024 / 1024,
    failCount: () => read("memory.failcnt"),
    oomKills: () => oomKillCount(readFileSync(path.join(dir, "memory.oom_control"), "utf8")),
    remove: async () => {
      for (let attempt = 0; ; attempt += 1) {
        const left = readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean);
        for (const pid of left) process.kill(Number(pid), "SIGKILL");
        try {
          rmdirSync(dir);
          return;
        } catch (error) {
          // A process just killed still counts until the kernel has reaped it.
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
}

/** The `oom_kill N` line of a cgroup v1 `memory.oom_control` (kernels before 4.13 have none: a test cannot count then). */
export function oomKillCount(oomControl: string): number {
  const match = /^oom_kill (\d+)$/m.exec(oomControl);
  if (!match) throw new Error("memory.oom_control has no oom_kill line: this kernel does not count OOM kills");
  return Number(match[1]);
}
