/**
 * Demo content of orders (issue #15): every provider's billing details and the texts of the
 * orders' steps. The order history itself is planned from these in ../seed.server.ts.
 */

export interface DemoBilling {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** A Steuernummer in its state's format, and/or a USt-IdNr. (valid check digit). */
  taxNumber: string | null;
  vatId: string | null;
  /** Kleinunternehmer (§19 UStG): no VAT on the invoices. */
  smallBusiness: boolean;
  vatRate: 19 | 7;
  /** Valid check digits (ISO 13616), at the named bank's real bank code; the account numbers are made up. */
  iban: string;
  bic: string;
  bankName: string;
}

/** By username (./users.ts). Every regular demo user offers services, so each has billing details. */
export const DEMO_BILLING: Readonly<Record<string, DemoBilling>> = {
  "anna.schmidt": {
    name: "Anna Schmidt Webentwicklung",
    street: "Lange Reihe 42",
    postalCode: "20099",
    city: "Hamburg",
    taxNumber: "43/815/08156",
    vatId: "DE314928755",
    smallBusiness: false,
    vatRate: 19,
    iban: "DE34200505501234567890",
    bic: "HASPDEHHXXX",
    bankName: "Hamburger Sparkasse",
  },
  "lukas.mueller": {
    name: "Lukas Müller Grafikdesign",
    street: "Oranienstraße 185",
    postalCode: "10999",
    city: "Berlin",
    taxNumber: "27/815/08154",
    vatId: null,
    smallBusiness: false,
    vatRate: 19,
    iban: "DE17100500000613947280",
    bic: "BELADEBEXXX",
    bankName: "Berliner Sparkasse",
  },
  "julia.becker": {
    // Texts licensed with their rights of use: the reduced rate (§12 (2) no. 7c UStG).
    name: "Julia Becker – Text & Content",
    street: "Berger Straße 120",
    postalCode: "60316",
    city: "Frankfurt am Main",
    taxNumber: "013 815 08153",
    vatId: null,
    smallBusiness: false,
    vatRate: 7,
    iban: "DE65500502010200457813",
    bic: "HELADEF1822",
    bankName: "Frankfurter Sparkasse",
  },
  "max.weber": {
    name: "Weber Online-Marketing",
    street: "Königstraße 28",
    postalCode: "70173",
    city: "Stuttgart",
    taxNumber: "93815/08152",
    vatId: null,
    smallBusiness: false,
    vatRate: 19,
    iban: "DE73600501017495530182",
    bic: "SOLADEST600",
    bankName: "BW-Bank",
  },
  "sophie.hoffmann": {
    name: "Steuerberatung Sophie Hoffmann",
    street: "Ludgeristraße 56",
    postalCode: "48143",
    city: "Münster",
    taxNumber: "336/5815/0815",
    vatId: null,
    smallBusiness: false,
    vatRate: 19,
    iban: "DE79400501500034215678",
    bic: "WELADED1MST",
    bankName: "Sparkasse Münsterland Ost",
  },
  "felix.schneider": {
    // A student's tutoring on the side: Kleinunternehmer.
    name: "Felix Schneider",
    street: "Zülpicher Straße 33",
    postalCode: "50674",
    city: "Köln",
    taxNumber: "214/5032/1478",
    vatId: null,
    smallBusiness: true,
    vatRate: 19,
    iban: "DE21370501981009876543",
    bic: "COLSDE33XXX",
    bankName: "Sparkasse KölnBonn",
  },
  "lea.fischer": {
    name: "Lea Fischer Fotografie",
    street: "Gabelsbergerstraße 9",
    postalCode: "80333",
    city: "München",
    taxNumber: "143/815/08155",
    vatId: null,
    smallBusiness: false,
    vatRate: 19,
    iban: "DE26701500000082716354",
    bic: "SSKMDEMMXXX",
    bankName: "Stadtsparkasse München",
  },
  "jonas.wagner": {
    name: "Jonas Wagner Softwareentwicklung",
    street: "Louisenstraße 76",
    postalCode: "01099",
    city: "Dresden",
    taxNumber: "202/815/08157",
    vatId: null,
    smallBusiness: false,
    vatRate: 19,
    iban: "DE20850503003120045678",
    bic: "OSDDDE81XXX",
    bankName: "Ostsächsische Sparkasse Dresden",
  },
  "marie.koch": {
    name: "Marie Koch Übersetzungen",
    street: "Königstraße 12",
    postalCode: "90402",
    city: "Nürnberg",
    taxNumber: "241/815/08150",
    vatId: null,
    smallBusiness: false,
    vatRate: 19,
    iban: "DE15760501010005123789",
    bic: "SSKNDE77XXX",
    bankName: "Sparkasse Nürnberg",
  },
  "tobias.richter": {
    name: "Richter Consulting",
    street: "Königsallee 60",
    postalCode: "40212",
    city: "Düsseldorf",
    taxNumber: "133/5815/0814",
    vatId: "DE273645199",
    smallBusiness: false,
    vatRate: 19,
    iban: "DE84300501100010473829",
    bic: "DUSSDEDDXXX",
    bankName: "Stadtsparkasse Düsseldorf",
  },
  "katharina.braun": {
    name: "Katharina Braun Office & Events",
    street: "Karl-Liebknecht-Straße 45",
    postalCode: "04275",
    city: "Leipzig",
    taxNumber: "231/815/08159",
    vatId: null,
    smallBusiness: false,
    vatRate: 19,
    iban: "DE24860555921100223344",
    bic: "WELADE8LXXX",
    bankName: "Sparkasse Leipzig",
  },
};

/** What buyers write when booking, by the service's category. */
export const REQUIREMENTS: Readonly<Record<string, readonly string[]>> = {
  "Web Development": [
    "Wir sind ein kleiner Handwerksbetrieb mit acht Mitarbeitenden. Bisher haben wir nur eine Visitenkarten-Seite; wir brauchen Leistungen, Referenzen und ein Kontaktformular. Texte und Fotos liefern wir.",
    "Unsere bestehende Seite lädt auf dem Handy sehr langsam und sieht dort unaufgeräumt aus. Bitte prüfen und beheben – Zugangsdaten schicke ich im Chat.",
    "Bitte bis Monatsende umsetzen; Logo und Farben gibt es im Anhang des Chats.",
  ],
  Design: [
    "Ich eröffne im Frühjahr ein Café in der Altstadt und brauche ein Logo, das gemütlich wirkt, aber nicht altbacken. Gern zwei, drei Entwürfe zur Auswahl.",
    "Wir haben ein neues Logo und brauchen alles Drumherum im gleichen Stil. Vorlagen bitte als druckfertige PDF-Dateien.",
    "Rund 60 Produktfotos, weißer Hintergrund, einheitliche Schatten. Die Rohdaten lade ich im Chat hoch.",
  ],
  Writing: [
    "Für unseren Onlineshop (Naturkosmetik) brauchen wir Texte für zwölf Kategorieseiten, je etwa 300 Wörter, suchmaschinenfreundlich, aber nicht steif.",
    "Meine Masterarbeit (ca. 80 Seiten, Sozialwissenschaften) braucht ein gründliches Korrektorat. Abgabe ist in drei Wochen.",
    "Bitte eine Fachübersetzung unserer Produktbeschreibung ins Deutsche, etwa 4.000 Wörter, Zielgruppe Fachhandel.",
  ],
  Marketing: [
    "Wir sind ein Fahrradladen und wollen mit Google Ads in der Saison mehr Werkstatttermine bekommen. Budget etwa 500 € im Monat.",
    "Unser Instagram-Kanal schläft seit einem Jahr. Wir brauchen einen Plan und jemanden, der drei Beiträge pro Woche betreut.",
    "Bitte einen SEO-Check unserer Website mit den zehn wichtigsten Maßnahmen, verständlich erklärt.",
  ],
  Consulting: [
    "Ich mache mich als Physiotherapeutin selbstständig und brauche Hilfe bei Steuern, Buchhaltung und den ersten Schritten mit dem Finanzamt.",
    "Wir möchten unsere Rechnungen und Belege digital ablegen und mit dem Steuerbüro teilen. Welche Lösung passt, und wie richten wir sie ein?",
    "Für ein Bankgespräch im nächsten Monat brauchen wir einen belastbaren Businessplan mit Finanzteil.",
  ],
  Education: [
    "Meine Tochter (11. Klasse) braucht Unterstützung in Analysis, am liebsten zweimal pro Woche nachmittags.",
    "Ich möchte bis zum Sommer mein Deutsch von A2 auf B1 bringen. Termine am besten abends.",
    "Unser Team soll Excel sicher für Auswertungen nutzen können: Pivot-Tabellen, SVERWEIS, Diagramme.",
  ],
  Other: [
    "Wir planen eine Sommerfeier für rund 60 Mitarbeitende im Juli, gern draußen und mit Catering. Bitte mit Angebot für Location und Ablauf.",
    "Ich brauche Unterstützung bei E-Mails, Terminen und Reiseplanung, etwa zehn Stunden im Monat.",
    "Zwei Schränke und ein Bett aufbauen, außerdem ein paar Lampen montieren. Werkzeug ist nicht vorhanden.",
  ],
};

export const DELIVERY_NOTES: readonly string[] = [
  "Anbei das Ergebnis wie besprochen. Sagen Sie gern Bescheid, wenn noch etwas angepasst werden soll.",
  "Fertig! Ich habe alle Punkte aus Ihrer Anfrage umgesetzt und die Dateien im Chat hochgeladen.",
  "Die Arbeit ist abgeschlossen. Eine kurze Zusammenfassung der Änderungen finden Sie im Chat.",
  "Hier ist die finale Fassung. Vielen Dank für die angenehme Zusammenarbeit!",
];

export const REDELIVERY_NOTES: readonly string[] = [
  "Ich habe Ihre Änderungswünsche eingearbeitet. Jetzt sollte alles passen.",
  "Überarbeitete Fassung anbei – die markierten Stellen sind angepasst.",
];

export const REVISION_NOTES: readonly string[] = [
  "Sieht schon gut aus! Könnten Sie die Farben noch etwas heller machen?",
  "Fast perfekt – bitte noch die beiden Punkte aus meiner Nachricht im Chat ändern.",
  "Danke! Mir fehlt noch der Abschnitt zu unseren Öffnungszeiten.",
];

export const DECLINE_REASONS: readonly string[] = [
  "Vielen Dank für Ihre Anfrage! Leider bin ich bis Ende des Monats ausgebucht. Fragen Sie gern danach noch einmal an.",
  "Das liegt leider außerhalb meines Fachgebiets. Ich empfehle Ihnen, im Katalog nach einem Spezialisten zu suchen.",
  "Der gewünschte Termin ist für mich leider nicht zu schaffen.",
];
