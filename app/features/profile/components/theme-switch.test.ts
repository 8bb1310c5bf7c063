import { describe, expect, it } from "vitest";
import { preferenceCookie } from "~/features/preferences/preferences.server";
import { themeCookie } from "~/features/preferences/theme-cookie";

describe("the theme cookie the switch sets in the browser", () => {
  it.each([
    ["dark", false],
    ["light", false],
    ["dark", true],
    ["light", true],
  ] as const)("%s (secure: %s) is exactly the one the server sets", (theme, secure) => {
    expect(themeCookie(theme, secure)).toBe(preferenceCookie({ theme }, secure));
  });
});
