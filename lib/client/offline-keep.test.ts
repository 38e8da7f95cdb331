import { describe, expect, it } from "vitest";
import { formatBytes, parseOfflineKeep } from "./offline-keep";

describe("offline keep", () => {
  it("reads back only the counts offered, 50 otherwise", () => {
    expect(parseOfflineKeep("200")).toBe(200);
    expect(parseOfflineKeep("500")).toBe(500);
    expect(parseOfflineKeep("1000")).toBe(50);
    expect(parseOfflineKeep("abc")).toBe(50);
    expect(parseOfflineKeep(null)).toBe(50);
  });

  it("says sizes in KB, MB and GB", () => {
    expect(formatBytes(0)).toBe("0 KB");
    expect(formatBytes(840_400)).toBe("840 KB");
    expect(formatBytes(2_450_000)).toBe("2.5 MB");
    expect(formatBytes(125_000_000)).toBe("125 MB");
    expect(formatBytes(1_230_000_000)).toBe("1.2 GB");
  });
});
