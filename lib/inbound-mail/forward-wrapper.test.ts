import { describe, expect, it } from "vitest";
import { findWrapper, unwrapHtml, unwrapText } from "./forward-wrapper.mjs";

describe("unwrapText", () => {
  it("drops Gmail's marker and header, keeping the note apart", () => {
    const found = unwrapText(
      "Read this.\n\n---------- Forwarded message ---------\nFrom: News <n@news.example>\nDate: Wed, Dec 3\nSubject: Weekly\nTo: <a@reader.test>\n\nFirst words of the newsletter.\nMore.",
    );
    expect(found?.note.trim()).toBe("Read this.");
    expect(found?.header[0]).toBe("From: News <n@news.example>");
    expect(found?.text).toBe("First words of the newsletter.\nMore.");
  });

  it("drops Outlook's rule and header block, a To: value wrapped over two lines included", () => {
    const found = unwrapText(
      "Note\r\n________________________________\r\nFrom: News <n@news.example>\r\nSent: Monday, 1 December 2025 07:00\r\nTo: a@reader.test;\r\n b@reader.test\r\nSubject: Weekly\r\n\r\nHello readers",
    );
    expect(found?.text).toBe("Hello readers");
    expect(found?.note).toBe("Note");
  });

  it("drops Outlook's header block with no marker, and '*From:*' labels in bold", () => {
    expect(unwrapText("Hi\n\n*From:* n@news.example\n*Sent:* today\n*Subject:* Weekly\n\nBody")?.text).toBe("Body");
  });

  it("leaves a mail without a wrapper, and a marker without a From: line, alone", () => {
    expect(unwrapText("Just a newsletter.\nFrom: the editors")).toBeNull();
    expect(unwrapText("Begin forwarded message:\n\nNo header here")).toBeNull();
  });

  it("leaves a header block far down a mail alone: the newsletter quotes a mail there", () => {
    const lines = Array.from({ length: 70 }, (_, i) => `Line ${i}`);
    expect(
      unwrapText([...lines, "From: x@y.example", "Sent: today", "Subject: s", "", "quoted"].join("\n")),
    ).toBeNull();
  });
});

describe("unwrapHtml", () => {
  it("starts after Apple Mail's forwarded header", () => {
    const found = unwrapHtml(
      '<div>Begin forwarded message:</div><blockquote type="cite"><div><b>From: </b>"Notes" &lt;n@garden.example&gt;</div><div><b>Subject: </b>December</div><div><b>Date: </b>4 Dec</div><div><b>To: </b>a@reader.test</div><br><h1>December in the garden</h1></blockquote>',
    );
    expect(found?.header).toEqual([
      'From: "Notes" <n@garden.example>',
      "Subject: December",
      "Date: 4 Dec",
      "To: a@reader.test",
    ]);
    expect(found?.html).toBe("<h1>December in the garden</h1></blockquote>");
  });

  it("starts after Outlook's divRplyFwdMsg block, the note and the rule left out", () => {
    const found = unwrapHtml(
      '<div>See below</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> News &lt;n@news.example&gt;<br><b>Sent:</b> Monday, December 1, 2025 7:00 AM<br><b>To:</b> Ada &lt;a@reader.test&gt;<br><b>Subject:</b> Weekly</font><div>&nbsp;</div></div><div><p>Hello readers</p></div>',
    );
    expect(found?.note).toBe("See below");
    expect(found?.html).toBe("<div>&nbsp;</div></div><div><p>Hello readers</p></div>");
  });

  it("reads no header in a style or script", () => {
    expect(unwrapHtml("<style>From: a@b.example\nSent: x\nSubject: y</style><p>Hi</p>")).toBeNull();
  });
});

describe("findWrapper", () => {
  it("looks at each line a bounded number of times: a header-like line anywhere is no wrapper past the note's lines", () => {
    const lines = Array.from({ length: 200_000 }, () => "to: x");
    expect(findWrapper(lines)).toBeNull();
    expect(
      findWrapper([...lines.slice(0, 70), "---------- forwarded message ---------", "from: a@b.example"]),
    ).toBeNull();
  });

  it("reads hostile mails of some megabytes through, with nothing cut", () => {
    const many = (part: string, times: number) => part.repeat(times);
    expect(unwrapText(many("From:\n", 1_000_000))).toBeNull();
    expect(unwrapText(many("_", 5_000_000))).toBeNull();
    expect(unwrapHtml(many("<br>", 1_000_000))).toBeNull();
    expect(unwrapHtml(`<b>From:</b> a@b.example<br>Sent: x<br>Subject: y<br>${many("</p>", 1_000_000)}`)?.html).toBe(
      "",
    );
    expect(
      unwrapHtml(`<b>From:</b> a@b.example<br>Sent: x<br>Subject: y<br>${many("</", 1_000_000)}`)?.html,
    ).toHaveLength(2_000_000);
    expect(unwrapHtml(many("<p>From: a", 500_000))).toBeNull();
  });
});
