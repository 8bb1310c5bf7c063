import { describe, expect, it } from "vitest";
import { presenceLabel } from "./format";

/** The rounded "zuletzt online" wording (German time zone for days). */
describe("presenceLabel", () => {
  const now = new Date("2026-11-23T14:30:00+01:00");
  const ago = (ms: number) => ({ online: false, lastSeenAt: new Date(now.getTime() - ms).toISOString() });
  const MIN = 60_000;

  it("says online, or nothing when hidden or never seen", () => {
    expect(presenceLabel({ online: true, lastSeenAt: now.toISOString() }, now)).toBe("online");
    expect(presenceLabel(null, now)).toBe("");
    expect(presenceLabel({ online: false, lastSeenAt: null }, now)).toBe("");
  });

  it("rounds down to minutes, hours, yesterday, then the date", () => {
    expect(presenceLabel(ago(20_000), now)).toBe("zuletzt online gerade eben");
    expect(presenceLabel(ago(5 * MIN + 59_000), now)).toBe("zuletzt online vor 5 Min.");
    expect(presenceLabel(ago(59 * MIN), now)).toBe("zuletzt online vor 59 Min.");
    expect(presenceLabel(ago(60 * MIN), now)).toBe("zuletzt online vor 1 Std.");
    expect(presenceLabel(ago(14 * 60 * MIN), now)).toBe("zuletzt online vor 14 Std."); // 00:30 today
    expect(presenceLabel(ago(15 * 60 * MIN), now)).toBe("zuletzt online gestern"); // 23:30 yesterday
    expect(presenceLabel(ago(38 * 60 * MIN), now)).toBe("zuletzt online gestern"); // 00:30 yesterday
    expect(presenceLabel(ago(39 * 60 * MIN), now)).toBe("zuletzt online am 21.11.2026");
  });

  it("shortly after midnight counts hours rather than saying yesterday", () => {
    const earlyMorning = new Date("2026-11-23T01:00:00+01:00");
    expect(presenceLabel({ online: false, lastSeenAt: new Date("2026-11-22T22:30:00+01:00").toISOString() }, earlyMorning)).toBe("zuletzt online vor 2 Std.");
  });

  it("a clock a little ahead on the other side never says 'in the future'", () => {
    expect(presenceLabel({ online: false, lastSeenAt: new Date(now.getTime() + 30_000).toISOString() }, now)).toBe("zuletzt online gerade eben");
  });
});
