import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { MonthRevenue } from "../revenue.server";
import { Funnel, OpenOrders, stepRate } from "./order-figures";
import { axisScale, RevenueChart } from "./revenue-chart";

/** Intl separates amount and unit with a no-break space. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

const months: MonthRevenue[] = Array.from({ length: 12 }, (_, i) => {
  const month = `${i < 9 ? 2025 : 2026}-${String(((i + 3) % 12) + 1).padStart(2, "0")}`;
  return i === 11 ? { month, net: "1218.49", gross: "1450.00", orders: 1 } : { month, net: "0.00", gross: "0.00", orders: 0 };
});

describe("the revenue chart", () => {
  it("scales to round steps that the tallest bar nearly fills", () => {
    expect(axisScale(0)).toEqual({ step: 0, steps: 0 });
    expect(axisScale(30)).toEqual({ step: 10, steps: 3 });
    expect(axisScale(1450)).toEqual({ step: 500, steps: 3 });
    expect(axisScale(4300)).toEqual({ step: 1000, steps: 5 });
    expect(axisScale(12345.67)).toEqual({ step: 2500, steps: 5 });
    expect(axisScale(0.5)).toEqual({ step: 1, steps: 1 });
  });

  it("hides the drawing from assistive technology and gives the figures as a table with German months", () => {
    const html = plain(renderToStaticMarkup(<RevenueChart months={months} total={{ net: "1218.49", gross: "1450.00", orders: 1 }} />));
    expect(html).toMatch(/<div aria-hidden="true"[^>]*>.*<svg/);
    const rows = [...html.matchAll(/<tr[^>]*><th scope="row"[^>]*>(.*?)<\/th><td[^>]*>(\d+)<\/td><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g)].map((m) => [
      m[1]!.replace(/<[^>]+>/g, "|"),
      m[2],
      m[3],
      m[4],
    ]);
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(["|Apr. 25||April 2025|", "0", "0,00 €", "0,00 €"]);
    expect(rows[11]).toEqual(["|März 26||März 2026|", "1", "1.218,49 €", "1.450,00 €"]);
    expect(rows[12]).toEqual(["Summe", "1", "1.218,49 €", "1.450,00 €"]);
    expect(html).toContain("<title>März 2026: 1.450,00 € brutto, 1.218,49 € netto</title>");
    // Month marks under the bars: three letters.
    for (const label of ["Apr", "Mai", "Jun", "Sep", "Dez", "Jan", "Mär"]) expect(html).toContain(`>${label}<`);
  });
});

describe("open orders and the funnel", () => {
  it("links every open status to the order list of the role", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <OpenOrders role="selling" counts={{ requested: 2, in_progress: 1, delivered: 0 }} />
        <OpenOrders role="buying" counts={{ requested: 0, in_progress: 0, delivered: 1 }} />
      </MemoryRouter>,
    );
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(links).toEqual([
      "/orders?rolle=verkauf&status=requested",
      "/orders?rolle=verkauf&status=in_progress",
      "/orders?rolle=verkauf&status=delivered",
      "/orders?rolle=einkauf&status=requested",
      "/orders?rolle=einkauf&status=in_progress",
      "/orders?rolle=einkauf&status=delivered",
    ]);
    expect(html.replace(/<[^>]+>/g, "")).toContain("2 Aufträge: Angefragt");
    expect(html.replace(/<[^>]+>/g, "")).toContain("1 Auftrag: Geliefert");
  });

  it("gives each step's share of the step before, and none after a zero", () => {
    expect(plain(stepRate(3, 228)!)).toBe("1,3 %");
    expect(stepRate(3, 0)).toBeNull();
    const text = plain(renderToStaticMarkup(<Funnel funnel={{ views: 228, conversations: 11, orders: 10, completed: 0 }} />).replace(/<[^>]+>/g, " "));
    expect(text).toContain("4,8 % der Aufrufe");
    expect(text).toContain("90,9 % der Gespräche");
    expect(text).toContain("0 % der Aufträge");
  });
});
