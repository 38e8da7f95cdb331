import { describe, expect, it } from "vitest";
import { choiceField, jsonField, stringField } from "./json-fields";

describe("reading a field of an API answer", () => {
  it("reads an own field of an object, and nothing of anything else", () => {
    expect(jsonField({ success: true }, "success")).toBe(true);
    expect(jsonField({ success: true }, "message")).toBeUndefined();
    expect(jsonField(null, "success")).toBeUndefined();
    expect(jsonField("success", "length")).toBeUndefined();
    expect(jsonField([1, 2], "length")).toBe(2);
    expect(jsonField({}, "toString")).toBeUndefined();
    expect(jsonField(JSON.parse('{"__proto__": {"x": 1}}'), "__proto__")).toEqual({ x: 1 });
  });

  it("gives a string only when the field is a string", () => {
    expect(stringField({ message: "Sent" }, "message")).toBe("Sent");
    expect(stringField({ message: 3 }, "message")).toBeUndefined();
    expect(stringField({ message: null }, "message")).toBeUndefined();
  });

  it("gives a choice only when the field is one of them", () => {
    const statuses = ["none", "sent", "failed"] as const;
    expect(choiceField({ emailStatus: "sent" }, "emailStatus", statuses)).toBe("sent");
    expect(choiceField({ emailStatus: "SENT" }, "emailStatus", statuses)).toBeUndefined();
    expect(choiceField({}, "emailStatus", statuses)).toBeUndefined();
  });
});
