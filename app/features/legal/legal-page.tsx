import { Link } from "react-router";
import { publicDe as de } from "~/i18n/public.de";
import type { LegalDocument } from "~/i18n/legal.de";

function sectionId(index: number) {
  return `abschnitt-${index + 1}`;
}

/** Renders one legal document: title, date, a table of contents and its sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b pb-6">
        {/* 24 px on phones: titles such as "Datenschutzerklärung" fit a 320 px line whole, also in
            browsers without German hyphenation (app.css). */}
        <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm font-medium text-muted-foreground">{document.updated}</p>
        <p className="mt-4 text-muted-foreground">{document.intro}</p>
      </header>

      <nav aria-labelledby="legal-toc" className="mt-6 rounded-lg border bg-muted/40 p-4">
        <h2 id="legal-toc" className="text-sm font-semibold">
          {de.legal.onThisPage}
        </h2>
        <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {document.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#${sectionId(index)}`} className="text-primary underline-offset-4 hover:underline">
                {index + 1}. {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-8">
        {document.sections.map((section, index) => (
          <section key={section.heading} id={sectionId(index)} aria-labelledby={`${sectionId(index)}-h`} className="scroll-mt-24">
            <h2 id={`${sectionId(index)}-h`} className="text-lg font-semibold tracking-tight sm:text-xl">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-foreground/90 hyphens-auto">
              {section.paragraphs.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
              {section.list && (
                <ul className="list-disc space-y-1.5 pl-6">
                  {section.list.map((item, i) => (
                    <li key={i}>{item}</li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        ))}
      </div>

      <p className="mt-12 border-t pt-6">
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {de.legal.backHome}
        </Link>
      </p>
    </article>
  );
}
