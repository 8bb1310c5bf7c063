import type { MonthRevenue, SellerFigures } from "~/features/orders/revenue.server";
import { revenueDe as t } from "~/i18n/revenue.de";
import { formatPrice } from "~/lib/format";

/**
 * Revenue per month as a bar chart drawn by the server: plain SVG, no chart library, no script.
 * Each bar is the gross revenue; its solid part is the net, the light top the VAT. The drawing
 * is hidden from assistive technology; the same figures are in a real table below it.
 */

const monthName = new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" });
const monthLong = new Intl.DateTimeFormat("de-DE", { month: "long", timeZone: "UTC" });
/** "Dez. 25": the table's month on a phone. */
const monthYearShort = new Intl.DateTimeFormat("de-DE", { month: "short", year: "2-digit", timeZone: "UTC" });
/** Axis marks are round amounts: whole euros read better than "2.500,00 €" on a scale. */
const axisEuro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/** "2026-03" → the middle of that month (so no time zone moves it into a neighbour). */
function monthDate(month: string): Date {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year!, number! - 1, 15));
}

/**
 * The scale: the smallest "round" step (1, 2, 2.5 or 5 × 10^k) that reaches the largest bar in at
 * most five steps, and the number of steps it takes; so the tallest bar fills most of the height.
 */
export function axisScale(max: number): { step: number; steps: number } {
  if (max <= 0) return { step: 0, steps: 0 };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Whole euros at least: the marks are printed without cents.
  const step = Math.max(1, [1, 2, 2.5, 5, 10].map((f) => f * power).find((candidate) => candidate >= rough) ?? 10 * power);
  return { step, steps: Math.ceil(max / step - 1e-9) };
}

const VIEW_WIDTH = 120;
const VIEW_HEIGHT = 100;
const SLOT = VIEW_WIDTH / 12;
const BAR = SLOT * 0.62;

export function RevenueChart({ months, total }: { months: MonthRevenue[]; total: SellerFigures["total"] }) {
  const { step, steps } = axisScale(Math.max(...months.map((m) => Number(m.gross))));
  const ticks = Array.from({ length: steps + 1 }, (_, i) => i * step);
  const top = step * steps || 1;
  const height = (value: string) => (Number(value) / top) * VIEW_HEIGHT;
  const slot = months.length ? VIEW_WIDTH / months.length : SLOT;

  return (
    <figure className="m-0 min-w-0">
      <div aria-hidden="true" className="flex gap-2">
        {/* The scale: HTML text beside the drawing, so it stays crisp at any width. */}
        <div className="relative h-44 w-12 shrink-0 text-right text-[10px] text-muted-foreground tabular-nums sm:h-56 sm:w-20 sm:text-xs">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: `${100 - (tick / top) * 100}%` }}>
              {axisEuro.format(tick)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`} preserveAspectRatio="none" className="block h-44 w-full overflow-visible text-primary sm:h-56" focusable="false">
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={VIEW_WIDTH}
                y1={VIEW_HEIGHT - (tick / top) * VIEW_HEIGHT}
                y2={VIEW_HEIGHT - (tick / top) * VIEW_HEIGHT}
                stroke="currentColor"
                className="text-border"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {months.map((m, i) => {
              const x = i * slot + (slot - BAR) / 2;
              const gross = height(m.gross);
              const net = height(m.net);
              return (
                <g key={m.month}>
                  <title>{t.revenue.barTitle(monthName.format(monthDate(m.month)), formatPrice(m.gross), formatPrice(m.net))}</title>
                  <rect x={x} y={VIEW_HEIGHT - gross} width={BAR} height={gross} fill="currentColor" fillOpacity={0.3} />
                  <rect x={x} y={VIEW_HEIGHT - net} width={BAR} height={net} fill="currentColor" />
                </g>
              );
            })}
          </svg>
          <div className="mt-1 grid text-center text-[10px] leading-tight text-muted-foreground sm:text-xs" style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}>
            {months.map((m, i) => {
              const date = monthDate(m.month);
              const year = i === 0 || date.getUTCMonth() === 0 ? String(date.getUTCFullYear()) : "";
              return (
                <span key={m.month} className="whitespace-nowrap">
                  {/* The usual three letters (Jan, Mär, Sep): they fit a phone's 20 px per month. */}
                  {monthLong.format(date).slice(0, 3)}
                  <span className="block h-[1.25em]">
                    <span className="sm:hidden">{year && `’${year.slice(2)}`}</span>
                    <span className="hidden sm:inline">{year}</span>
                  </span>
                </span>
              );
            })}
          </div>
        </div>
      </div>

      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-primary" />
          {t.revenue.legendNet}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-primary/30" />
          {t.revenue.legendVat}
        </span>
        <span>{t.revenue.legendNote}</span>
      </figcaption>

      <details className="mt-4 rounded-lg border px-2 py-2 text-sm sm:px-3">
        <summary className="cursor-pointer font-medium">{t.revenue.tableToggle}</summary>
        {/* Scrolls sideways only with very large amounts; focusable so that keyboards can scroll it too. */}
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={t.revenue.tableCaption}>
          <table className="w-full text-xs tabular-nums sm:text-sm">
            <caption className="sr-only">{t.revenue.tableCaption}</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-1.5 pr-2 font-medium sm:pr-3">
                  {t.revenue.columns.month}
                </th>
                <th scope="col" className="py-1.5 pr-2 sm:pr-3 text-right font-medium">
                  {t.revenue.columns.orders}
                </th>
                <th scope="col" className="py-1.5 pr-2 sm:pr-3 text-right font-medium">
                  {t.revenue.columns.net}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t.revenue.columns.gross}
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b last:border-0">
                  <th scope="row" className="py-1.5 pr-2 sm:pr-3 text-left font-normal whitespace-nowrap">
                    <span className="sm:hidden">{monthYearShort.format(monthDate(m.month))}</span>
                    <span className="hidden sm:inline">{monthName.format(monthDate(m.month))}</span>
                  </th>
                  <td className="py-1.5 pr-2 sm:pr-3 text-right">{m.orders}</td>
                  <td className="py-1.5 pr-2 sm:pr-3 text-right whitespace-nowrap">{formatPrice(m.net)}</td>
                  <td className="py-1.5 text-right whitespace-nowrap">{formatPrice(m.gross)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t font-semibold">
                <th scope="row" className="py-1.5 pr-2 sm:pr-3 text-left">
                  {t.revenue.totalRow}
                </th>
                <td className="py-1.5 pr-2 sm:pr-3 text-right">{total.orders}</td>
                <td className="py-1.5 pr-2 sm:pr-3 text-right whitespace-nowrap">{formatPrice(total.net)}</td>
                <td className="py-1.5 text-right whitespace-nowrap">{formatPrice(total.gross)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </figure>
  );
}
