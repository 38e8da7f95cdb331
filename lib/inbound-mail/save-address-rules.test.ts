import { describe, expect, it } from "vitest";
import { ADDRESS_KEY_LENGTH, addressKeyOf, encodeAddressKey, saveAddress } from "./save-address-rules";

const KEY = "abcdefghijklmnopqrstuvwxyz";

describe("save address keys", () => {
  it("encode 16 bytes as 26 lower-case base32 characters", () => {
    expect(encodeAddressKey(new Uint8Array(16))).toBe("a".repeat(ADDRESS_KEY_LENGTH));
    expect(encodeAddressKey(new Uint8Array(16).fill(255))).toBe(`${"7".repeat(25)}4`);
    // RFC 4648's test vector "foobar", padded to 16 bytes with zeros: the first five bytes give "MZXW6YTB".
    const foobar = new Uint8Array(16);
    foobar.set(new TextEncoder().encode("foobar"));
    expect(encodeAddressKey(foobar).slice(0, 8)).toBe("mzxw6ytb");
    expect(() => encodeAddressKey(new Uint8Array(15))).toThrow();
  });

  it("read the key of a save address of the domain only", () => {
    expect(saveAddress(KEY, "save.example.test")).toBe(`${KEY}@save.example.test`);
    expect(addressKeyOf(`${KEY}@save.example.test`, "save.example.test")).toBe(KEY);
    expect(addressKeyOf(`<${KEY.toUpperCase()}@Save.Example.Test>`, "save.example.test")).toBe(KEY);
    expect(addressKeyOf(`${KEY}+newsletters@save.example.test`, "save.example.test")).toBe(KEY);
    expect(addressKeyOf(`${KEY}@other.example.test`, "save.example.test")).toBeNull();
    expect(addressKeyOf(`${KEY}@sub.save.example.test`, "save.example.test")).toBeNull();
    expect(addressKeyOf(`postmaster@save.example.test`, "save.example.test")).toBeNull();
    expect(addressKeyOf(`${KEY}1@save.example.test`, "save.example.test")).toBeNull();
    expect(addressKeyOf("", "save.example.test")).toBeNull();
    expect(addressKeyOf("@save.example.test", "save.example.test")).toBeNull();
  });
});
