import { describe, expect, it } from "vitest";
import { bookImageType } from "@/lib/epub/image-types";

describe("bookImageType", () => {
  it("tells PNG, JPEG and GIF by their first bytes", () => {
    expect(bookImageType(Buffer.from("89504e470d0a1a0a0000", "hex"))?.mediaType).toBe("image/png");
    expect(bookImageType(Buffer.from("ffd8ffe0", "hex"))?.mediaType).toBe("image/jpeg");
    expect(bookImageType(Buffer.from("GIF89a"))?.mediaType).toBe("image/gif");
  });

  it("refuses what an EPUB reader need not show, whatever its server called it", () => {
    expect(bookImageType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBeNull();
    expect(bookImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(bookImageType(Buffer.from("<html>"))).toBeNull();
    expect(bookImageType(new Uint8Array())).toBeNull();
  });
});
