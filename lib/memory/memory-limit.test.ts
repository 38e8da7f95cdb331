import { describe, expect, it } from "vitest";
import { memoryLimitBytes } from "./memory-limit.mjs";

const MB = 1024 * 1024;
const MACHINE = 24 * 1024 * MB;

/** A cgroup file system of these files (path to text), as `read` sees it. */
const files = (tree: Record<string, string>) => (file: string) => tree[file];

describe("memoryLimitBytes", () => {
  it("reads cgroup v2's memory.max of the process's own group", () => {
    const limit = memoryLimitBytes({
      procSelfCgroup: "0::/system.slice/linkstash.service\n",
      read: files({ "/sys/fs/cgroup/system.slice/linkstash.service/memory.max": `${512 * MB}\n` }),
      totalBytes: MACHINE,
    });
    expect(limit).toBe(512 * MB);
  });

  it("takes an ancestor's smaller limit, as the kernel enforces it", () => {
    const limit = memoryLimitBytes({
      procSelfCgroup: "0::/box/app\n",
      read: files({ "/sys/fs/cgroup/box/app/memory.max": "max\n", "/sys/fs/cgroup/box/memory.max": `${1024 * MB}\n` }),
      totalBytes: MACHINE,
    });
    expect(limit).toBe(1024 * MB);
  });

  it("reads cgroup v1's memory controller path and its memory.limit_in_bytes", () => {
    const limit = memoryLimitBytes({
      procSelfCgroup: "9:systemd:/\n4:memory:/linkstash-small\n3:cpu,cpuacct:/\n",
      read: files({
        "/sys/fs/cgroup/memory/linkstash-small/memory.limit_in_bytes": `${4096 * MB}\n`,
        "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
      }),
      totalBytes: MACHINE,
    });
    expect(limit).toBe(4096 * MB);
  });

  it("counts v1's huge value and v2's max as no limit: the machine's memory", () => {
    const limit = memoryLimitBytes({
      procSelfCgroup: "4:memory:/some/group\n0::/\n",
      read: files({
        "/sys/fs/cgroup/memory/some/group/memory.limit_in_bytes": "9223372036854771712\n",
        "/sys/fs/cgroup/memory.max": "max\n",
      }),
      totalBytes: MACHINE,
    });
    expect(limit).toBe(MACHINE);
  });

  it("is the machine's memory when a group limits more than the machine has, or there is no cgroup", () => {
    const big = memoryLimitBytes({
      procSelfCgroup: "0::/big\n",
      read: files({ "/sys/fs/cgroup/big/memory.max": `${64 * 1024 * MB}` }),
      totalBytes: MACHINE,
    });
    expect(big).toBe(MACHINE);
    expect(memoryLimitBytes({ procSelfCgroup: "", read: () => undefined, totalBytes: MACHINE })).toBe(MACHINE);
  });
});
