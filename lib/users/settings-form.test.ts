import { describe, expect, it } from "vitest";
import { ALL_FREQUENCIES, FREE_FREQUENCIES } from "@/lib/billing/plans";
import {
  hourChoices,
  selectedHour,
  SETTINGS_HOURS,
  settingsFormDefaults,
  timePreferenceFor,
  toSettingsRequest,
  type SettingsUser,
} from "@/lib/users/settings-form";
import { settingsFormSchema, settingsRequestSchema, type SettingsFormValues } from "@/lib/users/schemas";

const user = (overrides: Partial<SettingsUser> = {}): SettingsUser => ({
  email: "reader@example.com",
  emailFrequency: "daily",
  emailTime: 20,
  emailDays: [],
  emailHours: {},
  timezone: "Europe/Berlin",
  rediscoverCount: 3,
  digestWithoutNewLinks: true,
  digestHighlights: false,
  ...overrides,
});

describe("hour choices", () => {
  it("offers 6 AM to 11 PM: 18 hours", () => {
    expect(SETTINGS_HOURS).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(hourChoices("20")).toEqual(SETTINGS_HOURS);
    expect(hourChoices("")).toEqual(SETTINGS_HOURS);
  });

  it("reads a select's value as an hour", () => {
    expect(selectedHour("0")).toBe(0);
    expect(selectedHour("23")).toBe(23);
    for (const value of ["", "24", "-1", "7.5", " 7", "x"]) expect(selectedHour(value)).toBeUndefined();
  });

  it("adds a saved hour outside them so that it shows", () => {
    expect(hourChoices("3")).toEqual([3, ...SETTINGS_HOURS]);
    expect(hourChoices("24")).toEqual(SETTINGS_HOURS);
  });

  it("reads an hour below 7 as tomorrow", () => {
    expect(timePreferenceFor(0)).toBe("tomorrow");
    expect(timePreferenceFor(6)).toBe("tomorrow");
    expect(timePreferenceFor(7)).toBe("today");
    expect(timePreferenceFor(23)).toBe("today");
  });
});

describe("settingsFormDefaults", () => {
  it("shows the address waiting for confirmation, so saving other preferences keeps it waiting", () => {
    expect(settingsFormDefaults(user(), ALL_FREQUENCIES).email).toBe("reader@example.com");
    expect(settingsFormDefaults(user({ pendingEmail: "new@example.com" }), ALL_FREQUENCIES).email).toBe(
      "new@example.com",
    );
  });

  it("starts a daily user on their hour, Monday for a new weekly or custom selection", () => {
    const values = settingsFormDefaults(user({ emailTime: 6 }), ALL_FREQUENCIES);
    expect(values).toMatchObject({
      emailFrequency: "daily",
      emailTime: "6",
      timePreference: "tomorrow",
      weeklyDay: "1",
      globalHour: "6",
      selectedDays: [1],
      timezone: "Europe/Berlin",
      rediscoverCount: "3",
      digestWithoutNewLinks: true,
    });
  });

  it("shows a weekly user's day and its hour", () => {
    const values = settingsFormDefaults(
      user({ emailFrequency: "weekly", emailDays: [5], emailHours: { "5": 7 } }),
      FREE_FREQUENCIES,
    );
    expect(values).toMatchObject({
      emailFrequency: "weekly",
      weeklyDay: "5",
      globalHour: "7",
      emailTime: "20",
      timePreference: "today",
    });
  });

  it("shows a custom user's days with their own hours", () => {
    const values = settingsFormDefaults(
      user({ emailFrequency: "custom", emailDays: [1, 3], emailHours: { "1": 8, "3": 18 } }),
      ALL_FREQUENCIES,
    );
    expect(values.selectedDays).toEqual([1, 3]);
    expect(values.dayHours).toMatchObject({ "1": "8", "3": "18", "0": "20" });
  });

  it("shows a schedule the plan no longer allows as the weekly one it runs as", () => {
    const values = settingsFormDefaults(
      user({ emailFrequency: "custom", emailDays: [3, 5], emailHours: { "3": 9, "5": 10 } }),
      FREE_FREQUENCIES,
    );
    expect(values).toMatchObject({ emailFrequency: "weekly", weeklyDay: "3", globalHour: "9" });
  });
});

describe("toSettingsRequest", () => {
  const base: SettingsFormValues = settingsFormDefaults(user(), ALL_FREQUENCIES);
  const submit = (values: Partial<SettingsFormValues>) => {
    const parsed = settingsFormSchema.parse({ ...base, ...values });
    const request = toSettingsRequest(parsed);
    // Whatever the form sends, the server accepts as is.
    expect(settingsRequestSchema.parse(request)).toEqual(request);
    return request;
  };

  it("sends each frequency's own fields", () => {
    expect(submit({ emailFrequency: "daily", emailTime: "9" })).toEqual({
      email: "reader@example.com",
      emailFrequency: "daily",
      emailTime: 9,
      timezone: "Europe/Berlin",
      rediscoverCount: 3,
      digestWithoutNewLinks: true,
      digestHighlights: false,
    });
    expect(submit({ emailFrequency: "weekly", weeklyDay: "5", globalHour: "7" })).toEqual({
      email: "reader@example.com",
      emailFrequency: "weekly",
      emailDays: [5],
      emailHours: { "5": 7 },
      timezone: "Europe/Berlin",
      rediscoverCount: 3,
      digestWithoutNewLinks: true,
      digestHighlights: false,
    });
    expect(
      submit({
        emailFrequency: "custom",
        selectedDays: [3, 1],
        dayHours: { ...base.dayHours, "1": "8", "3": "18", "6": "12" },
      }),
    ).toEqual({
      email: "reader@example.com",
      emailFrequency: "custom",
      emailDays: [1, 3],
      emailHours: { "1": 8, "3": 18 },
      timezone: "Europe/Berlin",
      rediscoverCount: 3,
      digestWithoutNewLinks: true,
      digestHighlights: false,
    });
    expect(submit({ emailFrequency: "none" })).toEqual({
      email: "reader@example.com",
      emailFrequency: "none",
      timezone: "Europe/Berlin",
      rediscoverCount: 3,
      digestWithoutNewLinks: true,
      digestHighlights: false,
    });
  });
});

describe("last week's highlights in the digest", () => {
  it("starts from the saved choice and sends it with any frequency", () => {
    const values = settingsFormDefaults(user({ digestHighlights: true }), ALL_FREQUENCIES);
    expect(values).toMatchObject({ digestHighlights: true });
    const request = toSettingsRequest(settingsFormSchema.parse({ ...values, emailFrequency: "none" }));
    expect(request).toMatchObject({ emailFrequency: "none", digestHighlights: true });
    expect(settingsRequestSchema.parse(request)).toEqual(request);
    expect(settingsRequestSchema.safeParse({ ...request, digestHighlights: "yes" }).error?.issues[0]?.message).toBe(
      "digestHighlights must be true or false",
    );
  });
});

describe("links from the stash", () => {
  it("starts from the saved choices and sends them with any frequency", () => {
    const values = settingsFormDefaults(user({ rediscoverCount: 0, digestWithoutNewLinks: false }), ALL_FREQUENCIES);
    expect(values).toMatchObject({ rediscoverCount: "0", digestWithoutNewLinks: false });
    const request = toSettingsRequest(
      settingsFormSchema.parse({ ...values, emailFrequency: "none", rediscoverCount: "5" }),
    );
    expect(request).toMatchObject({ emailFrequency: "none", rediscoverCount: 5, digestWithoutNewLinks: false });
    expect(settingsRequestSchema.parse(request)).toEqual(request);
  });

  it("takes 0 to 5 whole links in the API, and neither field is required", () => {
    const request = { email: "reader@example.com", emailFrequency: "daily", emailTime: 9 };
    expect(settingsRequestSchema.parse(request)).toEqual(request);
    for (const rediscoverCount of [-1, 6, 2.5, "3", null]) {
      expect(settingsRequestSchema.safeParse({ ...request, rediscoverCount }).error?.issues[0]?.message).toBe(
        "Choose from 0 to 5 links from your stash",
      );
    }
    expect(
      settingsRequestSchema.safeParse({ ...request, digestWithoutNewLinks: "yes" }).error?.issues[0]?.message,
    ).toBe("digestWithoutNewLinks must be true or false");
  });
});

describe("settingsFormSchema", () => {
  const base = settingsFormDefaults(user(), ALL_FREQUENCIES);
  // Partial<Record<...>>, not the form's type: wrong values are the point.
  const firstMessage = (values: Partial<Record<keyof SettingsFormValues, unknown>>) =>
    settingsFormSchema.safeParse({ ...base, ...values }).error?.issues[0]?.message;

  it("words each problem in the product's words", () => {
    expect(firstMessage({ email: "nope" })).toBe("Please enter a valid email address");
    expect(firstMessage({ emailFrequency: "hourly" })).toBe("Please select an email frequency");
    expect(firstMessage({ emailTime: "" })).toBe("Please select a time");
    expect(firstMessage({ weeklyDay: "" })).toBe("Please select a day");
    expect(firstMessage({ globalHour: "" })).toBe("Please select a time");
    expect(firstMessage({ emailFrequency: "custom", selectedDays: [] })).toBe("Please select at least one day");
    expect(firstMessage({ timePreference: "soon" })).toBe("Please select when you want to receive your emails");
  });

  it("checks the custom days only when custom is chosen", () => {
    expect(firstMessage({ emailFrequency: "weekly", selectedDays: [] })).toBeUndefined();
  });
});
