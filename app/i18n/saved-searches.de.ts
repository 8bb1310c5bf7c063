/**
 * A saved search's name in German quotation marks, once: a name that is one quoted term already
 * (the default name of a search for a word alone, "„Logo“") stays as it is, and quotation marks
 * inside a longer name become the inner ones ("„Design · ‚Logo‘“"), never „„Logo““.
 */
export function quotedName(name: string): string {
  if (/^„[^„“]*“$/.test(name)) return name;
  return `„${name.replaceAll("„", "‚").replaceAll("“", "‘")}“`;
}

/**
 * Texts of saved searches (issue #17): the button on /services, the profile section, the alert's
 * notification and mail. A module of its own so that the public /services page ships only these.
 */
export const savedSearchesDe = {
  save: "Suche speichern",
  saveSignedOut: "Suche speichern (nach der Anmeldung)",
  nameLabel: "Name der Suche",
  nameTooLong: (max: number) => `Der Name darf höchstens ${max} Zeichen lang sein.`,
  nameHint: "Sie finden gespeicherte Suchen in Ihrem Profil und erhalten einmal täglich Bescheid, wenn neue Angebote passen.",
  submit: "Speichern",
  saved: "Suche gespeichert",
  savedText: "Sie finden sie in Ihrem Profil unter „Gespeicherte Suchen“.",
  saveError: "Suche nicht gespeichert",
  summary: {
    all: "Alle Dienstleistungen",
    filtered: "Gefilterte Suche",
    priceBetween: (min: string, max: string) => `${min}–${max} €`,
    priceFrom: (min: string) => `ab ${min} €`,
    priceTo: (max: string) => `bis ${max} €`,
    rating: (value: string) => `ab ${value} Sterne`,
    delivery: (days: number) => `Lieferung bis ${days} ${days === 1 ? "Tag" : "Tage"}`,
    remote: "nur remote",
    query: (q: string) => `„${q}“`,
    separator: " · ",
  },
  profile: {
    heading: "Gespeicherte Suchen",
    intro: "Einmal täglich sehen wir nach neuen passenden Angeboten und sagen Ihnen Bescheid.",
    empty: "Noch keine gespeicherten Suchen. Filtern Sie die Dienstleistungen und wählen Sie „Suche speichern“.",
    browse: "Dienstleistungen durchsuchen",
    open: (name: string) => `Suche ${quotedName(name)} öffnen`,
    remove: (name: string) => `Suche ${quotedName(name)} löschen`,
    removed: "Gespeicherte Suche gelöscht",
    removeError: "Suche nicht gelöscht",
    savedOn: (date: string) => `gespeichert am ${date}`,
  },
  alert: {
    title: "Neue Angebote für Ihre Suche",
    message: (n: number, name: string) =>
      n === 1 ? `1 neue Dienstleistung passt zu ${quotedName(name)}.` : `${n} neue Dienstleistungen passen zu ${quotedName(name)}.`,
    subject: (name: string) => `Neue Angebote für ${quotedName(name)}`,
    intro: (n: number, name: string) =>
      n === 1 ? `zu Ihrer Suche ${quotedName(name)} gibt es eine neue Dienstleistung:` : `zu Ihrer Suche ${quotedName(name)} gibt es ${n} neue Dienstleistungen:`,
    more: (n: number) => (n === 1 ? "und 1 weitere" : `und ${n} weitere`),
    button: "Alle Treffer ansehen",
    note: "Sie erhalten diese E-Mail, weil Sie die Suche gespeichert haben. In Ihrem Profil unter „Gespeicherte Suchen“ können Sie sie jederzeit löschen.",
  },
  errors: {
    saved_search_empty: "Bitte wählen Sie zuerst einen Suchbegriff oder Filter – dann können Sie die Suche speichern.",
    saved_search_duplicate: "Diese Suche haben Sie bereits gespeichert. Sie finden sie in Ihrem Profil.",
    saved_search_limit: (p: { max?: unknown }) =>
      `Sie haben bereits ${String(p.max)} Suchen gespeichert. Bitte löschen Sie in Ihrem Profil eine, bevor Sie eine neue speichern.`,
    saved_search_not_found: "Diese gespeicherte Suche gibt es nicht (mehr).",
  },
} as const;
