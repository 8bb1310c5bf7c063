/** Texts of the dashboard's order figures: revenue, open orders, the funnel, a buyer's spending (German only). */
export const revenueDe = {
  sectionTitle: "Aufträge und Umsatz",
  revenue: {
    title: "Umsatz der letzten 12 Monate",
    description: "Abgeschlossene Aufträge, nach Monat des Abschlusses.",
    total: "Summe 12 Monate",
    gross: "brutto",
    net: "netto",
    legendNet: "Netto",
    legendVat: "Umsatzsteuer",
    legendNote: "Die ganze Säule ist der Bruttoumsatz.",
    barTitle: (month: string, gross: string, net: string) => `${month}: ${gross} brutto, ${net} netto`,
    tableToggle: "Umsatz als Tabelle anzeigen",
    tableCaption: "Umsatz pro Monat der letzten 12 Monate",
    columns: { month: "Monat", orders: "Aufträge", net: "Netto", gross: "Brutto" },
    totalRow: "Summe",
    empty: "Noch kein Umsatz in den letzten 12 Monaten. Sobald Auftraggeber Ihre Aufträge abschließen, erscheint er hier.",
    withoutInvoice: "Aufträge ohne Rechnung zählen mit ihrem Gesamtbetrag (netto gleich brutto).",
  },
  open: {
    title: "Offene Aufträge",
    selling: "Eingehende Aufträge, die auf Sie oder Ihre Auftraggeber warten.",
    buying: "Ihre Aufträge, die noch nicht abgeschlossen sind.",
    /** After the number, for screen readers: "3 Aufträge: Angefragt". */
    orders: (n: number) => (n === 1 ? " Auftrag: " : " Aufträge: "),
    all: "Alle Aufträge ansehen",
  },
  funnel: {
    title: "Vom Aufruf zum Auftrag",
    description: "Die letzten 30 Tage.",
    steps: {
      views: "Aufrufe",
      conversations: "Gespräche",
      orders: "Aufträge",
      completed: "Abgeschlossen",
    },
    /** The share of the step before ("2,5 % der Aufrufe"). */
    rate: {
      conversations: (pct: string) => `${pct} der Aufrufe`,
      orders: (pct: string) => `${pct} der Gespräche`,
      completed: (pct: string) => `${pct} der Aufträge`,
    },
    noRate: "keine Quote",
    note: "Jeder Schritt zählt, was in diesen 30 Tagen geschah: Gespräche sind Anfragen zu Ihren Dienstleistungen (Chats, in denen geschrieben wurde) und Auftragschats; abgeschlossene Aufträge können auch früher angefragt worden sein.",
  },
  buyer: {
    title: "Ihre Einkäufe",
    description: "Aufträge, die Sie bei anderen Anbietern erteilt haben.",
    spentRecent: "Ausgaben in den letzten 12 Monaten",
    spentTotal: "Ausgaben insgesamt",
    completed: "Abgeschlossene Aufträge",
  },
} as const;
