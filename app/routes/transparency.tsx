import { data, Link } from "react-router";
import { transparencyReport, type TransparencyReport } from "~/features/transparency/report.server";
import { EMAIL_NOTICES } from "~/i18n/legal.de";
import { moderationDe } from "~/i18n/moderation.de";
import { pageMeta } from "~/i18n/public.de";
import { transparencyDe as de } from "~/i18n/transparency.de";
import { formatDate } from "~/lib/format";
import { database } from "~/lib/request-context.server";
import { failureOf } from "~/lib/responses.server";
import type { Route } from "./+types/transparency";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { report: await transparencyReport(await database(context)) };
  } catch (error) {
    // The page explains itself without figures; 503 so that no cache keeps it.
    const report: TransparencyReport | null = null;
    return data({ report }, { status: failureOf(error, "transparency report").status });
  }
}

export function meta() {
  return pageMeta(de.title, de.metaDescription);
}

const number = (n: number) => n.toLocaleString("de-DE");

/** A small two-column table (what, how many) with its caption as the heading screen readers announce. */
function CountTable({ caption, rows }: { caption: string; rows: { label: string; count: number }[] }) {
  return (
    <div className="rounded-lg border">
      <table className="w-full text-sm">
        <caption className="border-b px-4 py-3 text-left font-semibold">{caption}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{de.columnWhat}</th>
            <th scope="col">{de.columnCount}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="px-4 py-3 text-muted-foreground">
                {de.none}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.label} className="border-b last:border-b-0">
                <th scope="row" className="px-4 py-2.5 text-left font-normal">
                  {row.label}
                </th>
                <td className="px-4 py-2.5 text-right font-semibold tabular-nums">{number(row.count)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** `quiet`: a sentence in place of a figure ("noch keine Entscheidungen"), set smaller. */
function Figure({ label, value, quiet = false }: { label: string; value: string; quiet?: boolean }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={quiet ? "mt-2 font-medium text-muted-foreground" : "mt-1 text-2xl font-bold tabular-nums"}>{value}</dd>
    </div>
  );
}

function Figures({ report }: { report: TransparencyReport }) {
  const { reports, decisions, objections } = report;
  return (
    <>
      <p className="mt-2 text-sm font-medium text-muted-foreground">{de.period(formatDate(report.from), formatDate(report.to))}</p>

      <section aria-labelledby="reports-h" className="mt-10">
        <h2 id="reports-h" className="text-xl font-semibold tracking-tight">
          {de.reportsHeading}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <Figure label={de.reportsTotal} value={number(reports.total)} />
        </dl>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <CountTable
            caption={de.byReasonCaption}
            rows={[
              { label: de.reasonIllegal, count: reports.byReason.illegal },
              { label: de.reasonTerms, count: reports.byReason.terms },
            ]}
          />
          <CountTable caption={de.byKindCaption} rows={reports.byItemKind.map((r) => ({ label: moderationDe.kinds[r.kind], count: r.count }))} />
          <CountTable caption={de.byCategoryCaption} rows={reports.byCategory.map((r) => ({ label: moderationDe.categories[r.category], count: r.count }))} />
        </div>
      </section>

      <section aria-labelledby="decisions-h" className="mt-10">
        <h2 id="decisions-h" className="text-xl font-semibold tracking-tight">
          {de.decisionsHeading}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <Figure label={de.decisionsTotal} value={number(decisions.total)} />
          <Figure label={de.median} value={decisions.medianHours === null ? de.medianNone : de.hours(decisions.medianHours)} quiet={decisions.medianHours === null} />
        </dl>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <CountTable caption={de.byDecisionCaption} rows={decisions.byKind.map((r) => ({ label: moderationDe.decisionKinds[r.kind], count: r.count }))} />
          <CountTable
            caption={de.byGroundCaption}
            rows={[
              { label: de.groundLaw, count: decisions.byGround.law },
              { label: de.groundTerms, count: decisions.byGround.terms },
            ]}
          />
        </div>
      </section>

      <section aria-labelledby="objections-h" className="mt-10">
        <h2 id="objections-h" className="text-xl font-semibold tracking-tight">
          {de.objectionsHeading}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Figure label={de.objectionsTotal} value={number(objections.total)} />
          <Figure label={de.objectionsReversed} value={number(objections.reversed)} />
          <Figure label={de.objectionsOpen} value={number(objections.open)} />
        </dl>
      </section>
    </>
  );
}

export default function Transparency({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{de.title}</h1>
        <p className="mt-4 text-muted-foreground">{de.intro}</p>
      </header>

      {report ? (
        <Figures report={report} />
      ) : (
        <p role="alert" className="mt-8 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
          {de.unavailable}
        </p>
      )}

      <section aria-labelledby="how-h" className="mt-10 border-t pt-8">
        <h2 id="how-h" className="text-xl font-semibold tracking-tight">
          {de.howHeading}
        </h2>
        <div className="mt-3 space-y-3 leading-relaxed text-foreground/90">
          {de.how.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <a href={`mailto:${EMAIL_NOTICES}`} className="inline-flex min-h-6 items-center font-medium text-primary underline-offset-4 hover:underline">
              {EMAIL_NOTICES}
            </a>
          </p>
          <p>
            <Link to="/terms" className="inline-flex min-h-6 items-center font-medium text-primary underline-offset-4 hover:underline">
              {de.termsLink}
            </Link>
          </p>
        </div>
      </section>
    </article>
  );
}
