/** /konto-gesperrt: what a suspended account can still do (its data rights; ADR 023). */
export const suspendedAccountDe = {
  pageTitle: "Konto gesperrt",
  title: "Ihr Konto ist gesperrt",
  intro: "Die Begründung und einen Link, mit dem Sie widersprechen können, haben wir Ihnen per E-Mail geschickt.",
  rights: "Ihre Rechte an Ihren Daten bleiben: Sie können sie hier herunterladen oder Ihr Konto löschen.",
  decisions: {
    heading: "Entscheidungen zu Ihrem Konto",
    open: (date: string) => `Entscheidung vom ${date} lesen und widersprechen`,
    read: (date: string) => `Entscheidung vom ${date} lesen`,
  },
  data: {
    heading: "Ihre Daten",
    text: "Laden Sie alle Daten, die wir zu Ihrem Konto speichern, als JSON-Datei herunter (Art. 15 und 20 DSGVO).",
    download: "Daten herunterladen",
  },
  remove: {
    heading: "Konto löschen",
    submit: "Konto endgültig löschen",
    busy: "Wird gelöscht...",
  },
  end: {
    text: (minutes: number) => `Diese Seite bleibt ${minutes} Minuten nach der Anmeldung geöffnet, oder bis Sie sie mit „Fertig“ schließen.`,
    submit: "Fertig",
  },
  none: {
    title: "Bitte melden Sie sich an",
    text: "Ist Ihr Konto gesperrt, können Sie hier Ihre Daten herunterladen oder Ihr Konto löschen. Melden Sie sich dazu mit Ihrer E-Mail-Adresse und Ihrem Passwort an; der Zugang gilt danach für einige Minuten.",
    link: "Zur Anmeldung",
  },
  signedIn: {
    title: "Ihr Konto ist nicht gesperrt",
    text: "Sie sind angemeldet und können den Marktplatz wie gewohnt nutzen. Diese Seite brauchen Sie nur, wenn ein Konto gesperrt ist.",
    link: "Zum Dashboard",
  },
  lifted: {
    title: "Ihr Konto ist nicht mehr gesperrt",
    text: "Melden Sie sich wie gewohnt an.",
    link: "Zur Anmeldung",
  },
} as const;
