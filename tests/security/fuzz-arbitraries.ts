import fc from "fast-check";

// Generators for hostile request bodies: shapes close to what a route expects, with wrong types,
// huge and strange strings, nulls, extra fields, arrays for objects, malformed JSON and wrong
// content types.

/** One fuzzed payload: the Content-Type header (null: none) and the raw body text (null: no body at all). */
export type FuzzBody = { contentType: string | null; text: string | null; label: string };

const HUGE_LENGTH = 100_000;

/** Strings that have broken parsers, databases and renderers before. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "%00",
  "\ud800",
  "x\udfffy",
  "\udbff\udfff",
  "\ufeffBOM",
  "\u202eRTL override\u202c",
  "مرحبا بالعالم",
  "שלום",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈",
  "e\u0301\u0301\u0301",
  "Z̸̡̢͖̦̲̝̈́̈́̓a̴̧̛̱͍̍l̸̨̛̺̣̈g̶̢̛̱̍o̵͙̒",
  "İ",
  "ß",
  "ǅ",
  "\u2028\u2029",
  "null",
  "undefined",
  "NaN",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  '"; DROP TABLE "User"; --',
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "%E0%A4%A",
  "\\u0000",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "http://169.254.169.254/latest/meta-data/",
  "https://localhost:3000/api/user",
  "a".repeat(51),
  "a".repeat(255),
];

/**
 * Path segments as a request line may carry them that do not percent-decode (a lone surrogate's
 * encoding, cut-off and stray escapes, overlong and beyond-Unicode UTF-8): Next's router cannot
 * hand them to a handler, so they are sent to the built server (tests/crash/odd-input.test.ts).
 */
export const UNDECODABLE_SEGMENTS: readonly string[] = [
  "%ED%A0%80",
  "%E0%A4%A",
  "%",
  "a%",
  "%ZZ",
  "%C0%AF",
  "%F4%90%80%80",
  "%FF",
];

/** What a handler may get as a decoded dynamic segment from odd requests: NULs, literal escapes (from "%25…"), dots. */
export const ODD_SEGMENT_VALUES: readonly string[] = [
  "\u0000",
  "a\u0000b",
  "%ED%A0%80",
  "%E0%A4%A",
  "%",
  "%00",
  "%2F",
  "\ufffd",
  ".",
  "..",
  " ",
  "a/b",
];

/** Field values with a NUL, for every field next-auth reads before our code does. */
export const NUL_VALUES: readonly string[] = [
  "\u0000",
  "a\u0000b",
  "reader@example.com\u0000",
  "\u0000@example.com",
  "/\u0000",
];

const HUGE_STRINGS: readonly string[] = ["a", "é", "😀", "\u0000", "\ud800", "Ab "].map((unit) =>
  unit.repeat(Math.ceil(HUGE_LENGTH / unit.length)),
);

export const nastyString = fc.constantFrom(...NASTY_STRINGS);
export const hugeString = fc.constantFrom(...HUGE_STRINGS);

/** Short text with what PostgreSQL cannot store (a NUL, a lone surrogate) somewhere in it. */
export const unstorableString: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: "grapheme-ascii", maxLength: 8 }),
    fc.constantFrom("\u0000", "\ud800", "\udc00", "\ud83d"),
    fc.string({ unit: "grapheme-ascii", maxLength: 8 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Any string: short random ones (code units, graphemes, any code point), the nasty list, unstorable and 100 kB ones. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: unstorableString },
  { weight: 1, arbitrary: hugeString },
);

/** Values of every JSON type but the expected one, and numbers JSON cannot keep (they become null). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 24, 7, 1e20),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(anyString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), anyString, { maxKeys: 3 }),
);

export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: anyString },
  { weight: 2, arbitrary: wrongType },
);

/** A field that is mostly plausible and sometimes anything at all. */
export function field(plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: anyValue });
}

// Keys a handler must never take from a body: ownership, plan and prototype tricks.
const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "userId",
  "inviterId",
  "recipientId",
  "proUntil",
  "isAdmin",
  "role",
  "email",
  "stripeCustomerId",
  "referralMonthsEarned",
];

const extraFields = fc.dictionary(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 8 })), anyValue, {
  maxKeys: 3,
});

/**
 * An object with the route's fields (each optional) and maybe extra ones: half the time every field
 * is plausible, so that strange but valid values reach the database; otherwise any may be of the wrong type.
 */
export function shape(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const plausibleOnly = fc.record(fields, { requiredKeys: [] });
  const mixed = fc.record(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, field(value)])), {
    requiredKeys: [],
  });
  return fc.tuple(fc.oneof(plausibleOnly, mixed), fc.option(extraFields, { freq: 3 })).map(([base, extras]) =>
    // Object.fromEntries keeps "__proto__" as an own key, so JSON.stringify sends it.
    Object.fromEntries([...Object.entries(extras ?? {}), ...Object.entries(base)]),
  );
}

const MALFORMED_JSON: readonly string[] = [
  "",
  " ",
  "{",
  "}",
  "[",
  '{"a":',
  '{"url":"example.test"',
  "{'url':'example.test'}",
  '{"url":"example.test",}',
  "{url: 1}",
  "undefined",
  "NaN",
  "Infinity",
  "01",
  '"unterminated',
  '"\\x00"',
  '"\\ud800"',
  "\u0000",
  "\ufeff{}",
  "[".repeat(5000),
  `${"[".repeat(3000)}${"]".repeat(3000)}`,
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1}{"b":2}',
  "true false",
  "<xml/>",
  "List-Unsubscribe=One-Click",
];

const JSON_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json;charset=latin1",
  "application/json-patch+json",
];
const OTHER_TYPES = [
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "application/xml",
  "application/octet-stream",
  "",
  "json",
  "*/*",
];

function toForm(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(value);
  return new URLSearchParams(
    Object.entries(value).map(([key, item]) => [key, typeof item === "string" ? item : (JSON.stringify(item) ?? "")]),
  ).toString();
}

/**
 * Bodies for a route whose plausible payload is `payload`. A bodiless route (`bodiless`) mostly gets
 * what browsers send it, no body at all, so that its handler runs; the rest of the time anything.
 */
export function fuzzBody(payload: fc.Arbitrary<unknown>, options: { bodiless?: boolean } = {}): fc.Arbitrary<FuzzBody> {
  const json = (label: string) => (value: unknown) => ({
    contentType: "application/json",
    text: JSON.stringify(value) ?? "null",
    label,
  });
  return fc.oneof(
    { weight: 8, arbitrary: payload.map(json("shaped JSON")) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json("any JSON value")) },
    { weight: 1, arbitrary: fc.array(payload, { minLength: 1, maxLength: 2 }).map(json("an array for an object")) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...JSON_TYPES), fc.oneof(fc.constantFrom(...MALFORMED_JSON), anyString))
        .map(([contentType, text]) => ({ contentType, text, label: "malformed JSON" })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...OTHER_TYPES), payload, fc.boolean())
        .map(([contentType, value, asForm]) => ({
          contentType,
          text: asForm ? toForm(value) : (JSON.stringify(value) ?? ""),
          label: "a wrong Content-Type",
        })),
    },
    {
      weight: 1,
      arbitrary: payload.map((value) => ({
        contentType: null,
        text: JSON.stringify(value) ?? "",
        label: "JSON without Content-Type",
      })),
    },
    { weight: options.bodiless ? 16 : 1, arbitrary: fc.constant({ contentType: null, text: null, label: "no body" }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...JSON_TYPES)
        .map((contentType) => ({ contentType, text: null, label: "JSON Content-Type, no body" })),
    },
  );
}

/** Plausible values for common fields. */
export const plausible = {
  // Generated hosts moved under .test, so a saved link's title fetch never looks up a public name.
  url: fc.oneof(
    fc.webUrl().map((url) => url.replace(/^(https?:\/\/[^/?#:]+)/i, "$1.test")),
    fc.domain().map((domain) => `${domain}.test`),
    fc.constantFrom(
      "example.test",
      "https://example.test/a?b=c#d",
      "http://[::1]/",
      "xn--nxasmq6b.example",
      "例え.test/パス",
      "HTTPS://EXAMPLE.TEST",
    ),
  ),
  email: fc.oneof(
    fc.emailAddress(),
    fc.constantFrom(
      "Reader@Example.com",
      " spaced@example.com ",
      "a@b",
      "user@localhost",
      "x@example.com\u0000",
      `${"a".repeat(250)}@example.com`,
    ),
  ),
  hour: fc.integer({ min: -2, max: 26 }),
  weekday: fc.integer({ min: -1, max: 8 }),
  timezone: fc.constantFrom(
    "UTC",
    "Europe/Berlin",
    "America/St_Johns",
    "Asia/Kathmandu",
    "Pacific/Kiritimati",
    "Etc/GMT+12",
    "Mars/Olympus",
    "",
    "utc",
    "Europe/Berlin\u0000",
    "+05:00",
  ),
  categoryName: fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    // Names that are equal or not depending on case folding and normalisation.
    fc.constantFrom(
      "Recipes",
      "recipes",
      "RECIPES",
      " Recipes ",
      "Café",
      "Cafe\u0301",
      "CAFÉ",
      "Straße",
      "STRASSE",
      "İstanbul",
      "istanbul",
      "ǅ",
      "ǆ",
      "Ǆ",
      "ΣΊΣΥΦΟΣ",
      "σίσυφος",
      "\u212a",
      "k",
      "News",
      "news",
      "uncategorized",
      "x\ud800",
    ),
  ),
};
