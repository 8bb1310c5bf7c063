import { describe, expect, it } from "vitest";
import type { PersonView } from "./conversations.server";
import { orderAbout, ordersNeedingTime } from "./order-about";

const person = (userId: string, name: string): PersonView => ({ userId, name, firstName: null, lastName: null, avatarUrl: null, username: null });
const tobias = person("u-tobias", "Tobias Richter");
const anna = person("u-anna", "Anna Schmidt");
const title = "Fachübersetzung Deutsch–Englisch (Recht & Technik)";
const chat = (id: string, other: PersonView, bookedAt: string, serviceTitle = title) => ({ id, other, order: { id: `o-${id}`, title: serviceTitle, bookedAt } });

describe("naming an order's conversation", () => {
  it("names the order's date (German calendar day) before the service, so a narrow list still shows it", () => {
    expect(orderAbout({ id: "o", title, bookedAt: "2026-11-24T13:05:00Z" }, false)).toBe(`Auftrag vom 24.11.2026: ${title}`);
    // 23:30 UTC is already the next day in Germany.
    expect(orderAbout({ id: "o", title, bookedAt: "2026-11-24T23:30:00Z" }, false)).toBe(`Auftrag vom 25.11.2026: ${title}`);
    expect(orderAbout({ id: "o", title, bookedAt: "2026-11-24T13:05:00Z" }, true)).toBe(`Auftrag vom 24.11.2026, 14:05 Uhr: ${title}`);
  });

  it("adds the time only where two orders of the same person and service share a day", () => {
    const chats = [
      chat("a", tobias, "2026-11-24T09:00:00Z"),
      chat("b", tobias, "2026-11-24T15:30:00Z"),
      chat("c", tobias, "2026-11-20T09:00:00Z"),
      chat("d", anna, "2026-11-24T09:00:00Z"),
      chat("e", tobias, "2026-11-24T10:00:00Z", "Lektorat"),
      { id: "f", other: tobias, order: null },
    ];
    expect([...ordersNeedingTime(chats)].sort()).toEqual(["a", "b"]);
    const named = chats.flatMap((c) => (c.order ? [orderAbout(c.order, ordersNeedingTime(chats).has(c.id))] : []));
    expect(new Set(named).size).toBe(named.length);
  });
});
