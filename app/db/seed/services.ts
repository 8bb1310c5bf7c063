import type { services } from "~/db/schema";
import type { PriceUnit } from "~/features/orders/limits";
import type { WorkPlace } from "~/features/services/listing-facts";

/** The demo services, by category; `owner` is a demo user's username (./users.ts). */

type Category = (typeof services.$inferInsert)["category"];

export interface DemoService {
  owner: string; // username
  category: Category;
  title: string;
  price: string;
  /** How the price is meant (default: a fixed price); per hour or month the orders have a quantity. */
  unit?: PriceUnit;
  featured?: boolean;
  description: string;
}

export const DEMO_SERVICES: readonly DemoService[] = [
  // Web Development
  {
    owner: "anna.schmidt",
    category: "Web Development",
    title: "Responsive Website für Ihr Handwerksunternehmen",
    price: "1450.00",
    featured: true,
    description:
      "Ich erstelle Ihnen eine moderne, mobiloptimierte Website mit bis zu fünf Unterseiten, Kontaktformular und Kartenansicht. Sie erhalten ein einfach bedienbares CMS, damit Sie Öffnungszeiten und Referenzen selbst pflegen können. Einrichtung von Domain und SSL-Zertifikat sowie eine kurze Einweisung sind inklusive.",
  },
  {
    owner: "jonas.wagner",
    category: "Web Development",
    title: "Onlineshop mit Shopware 6 einrichten",
    price: "2400.00",
    description:
      "Von der Installation über das Theme bis zur Zahlungsanbindung mit PayPal und Klarna: Ich richte Ihren Shopware-Shop komplett ein. Produktimport per CSV, Versandregeln und rechtssichere Checkout-Seiten gehören dazu. Nach dem Livegang begleite ich Sie vier Wochen lang bei allen Fragen.",
  },
  {
    owner: "anna.schmidt",
    category: "Web Development",
    title: "WordPress-Wartung und Sicherheitsupdates (monatlich)",
    price: "89.00",
    unit: "month",
    description:
      "Ich halte Ihre WordPress-Seite aktuell: Core-, Theme- und Plugin-Updates, tägliche Backups und ein monatlicher Sicherheitscheck. Sollte doch etwas schiefgehen, stelle ich die Seite innerhalb von 24 Stunden wieder her. Jeden Monat erhalten Sie einen kurzen Bericht.",
  },
  {
    owner: "jonas.wagner",
    category: "Web Development",
    title: "Landingpage für Ihre Produkteinführung",
    price: "650.00",
    description:
      "Eine schnelle, conversion-optimierte Landingpage mit klarer Struktur, Anfrageformular und Tracking-Anbindung. Ich setze Ihr Design pixelgenau um oder entwerfe ein schlichtes Layout nach Ihrer Corporate Identity. Ladezeiten unter zwei Sekunden sind mein Anspruch.",
  },
  {
    owner: "jonas.wagner",
    category: "Web Development",
    title: "Fehlerbehebung in React- und TypeScript-Projekten",
    price: "75.00",
    unit: "hour",
    description:
      "Ihr Build schlägt fehl oder eine Komponente rendert endlos? Ich analysiere Ihren React- oder TypeScript-Code, finde die Ursache und erkläre Ihnen die Lösung verständlich. Abgerechnet wird pro angefangener Stunde.",
  },
  {
    owner: "anna.schmidt",
    category: "Web Development",
    title: "Barrierefreiheits-Check nach WCAG 2.1",
    price: "380.00",
    description:
      "Ich prüfe Ihre Website auf Barrierefreiheit: Kontraste, Tastaturbedienung, Screenreader-Tauglichkeit und Formulare. Sie erhalten einen priorisierten Maßnahmenkatalog mit konkreten Code-Beispielen. Ideal zur Vorbereitung auf das Barrierefreiheitsstärkungsgesetz.",
  },
  // Design
  {
    owner: "lukas.mueller",
    category: "Design",
    title: "Logo-Design mit Markenhandbuch",
    price: "890.00",
    featured: true,
    description:
      "Sie erhalten drei individuelle Logo-Entwürfe, zwei Korrekturrunden und das finale Logo in allen gängigen Formaten. Dazu gehört ein kompaktes Markenhandbuch mit Farben, Schriften und Anwendungsbeispielen. So tritt Ihr Unternehmen überall einheitlich auf.",
  },
  {
    owner: "lukas.mueller",
    category: "Design",
    title: "Visitenkarten und Briefpapier im Corporate Design",
    price: "180.00",
    description:
      "Ich gestalte Visitenkarten, Briefbogen und E-Mail-Signatur passend zu Ihrem bestehenden Logo. Die Dateien liefere ich druckfertig mit Beschnitt und Schnittmarken. Auf Wunsch kümmere ich mich auch um die Bestellung bei einer Druckerei.",
  },
  {
    owner: "lukas.mueller",
    category: "Design",
    title: "UI/UX-Design für Ihre App in Figma",
    price: "1800.00",
    description:
      "Von Wireframes bis zum klickbaren Prototyp: Ich entwerfe die Benutzeroberfläche Ihrer App in Figma. Die Nutzerflüsse stimmen wir gemeinsam ab und überprüfen sie mit einem kleinen Usability-Test. Für die Entwicklung erhalten Sie ein sauber aufgebautes Designsystem.",
  },
  {
    owner: "lea.fischer",
    category: "Design",
    title: "Social-Media-Grafiken im Monatspaket",
    price: "240.00",
    unit: "month",
    description:
      "Zwanzig individuell gestaltete Beiträge pro Monat für Instagram, Facebook oder LinkedIn, abgestimmt auf Ihre Markenfarben. Zusätzlich erhalten Sie bearbeitbare Vorlagen für spontane Posts. Die Themen planen wir gemeinsam in einem kurzen Videocall.",
  },
  {
    owner: "lea.fischer",
    category: "Design",
    title: "Produktfotos freistellen und retuschieren",
    price: "25.00",
    description:
      "Ich stelle Ihre Produktfotos sauber frei, korrigiere Farben und entferne Staub oder Kratzer. Ideal für Onlineshops und Marktplätze mit weißem Hintergrund. Der Preis gilt für zehn Bilder, größere Mengen nach Absprache.",
  },
  {
    owner: "lukas.mueller",
    category: "Design",
    title: "Buchcover-Gestaltung für Selfpublisher",
    price: "420.00",
    description:
      "Ein gutes Cover verkauft Ihr Buch: Ich gestalte Vorderseite, Rückseite und Buchrücken für den Druck sowie eine E-Book-Version. Die Druckdaten passe ich an die Vorgaben Ihres Verlagsdienstleisters an. Zwei Entwürfe und drei Korrekturschleifen sind inklusive.",
  },
  // Writing
  {
    owner: "julia.becker",
    category: "Writing",
    title: "SEO-Texte für Onlineshops",
    price: "120.00",
    description:
      "Ich schreibe einzigartige Produkt- und Kategorietexte, die Ihre Kundschaft überzeugen und bei Suchmaschinen gefunden werden. Vorab recherchiere ich die passenden Suchbegriffe und stimme den Tonfall mit Ihnen ab. Der Preis gilt für fünf Produkttexte mit je rund 300 Wörtern.",
  },
  {
    owner: "marie.koch",
    category: "Writing",
    title: "Lektorat und Korrektorat für Abschlussarbeiten",
    price: "290.00",
    description:
      "Ich prüfe Ihre Bachelor- oder Masterarbeit auf Rechtschreibung, Grammatik, Zeichensetzung und Stil. Auf Wunsch achte ich auch auf eine einheitliche Zitierweise. Der Preis gilt für bis zu 60 Normseiten, die Bearbeitung dauert etwa eine Woche.",
  },
  {
    owner: "marie.koch",
    category: "Writing",
    title: "Übersetzung Englisch–Deutsch für Fachtexte",
    price: "95.00",
    description:
      "Ich übersetze technische Dokumentationen, Handbücher und Webseiten aus dem Englischen ins Deutsche. Fachbegriffe pflege ich in einem Glossar, damit Ihre Texte einheitlich bleiben. Der Preis gilt für 1.000 Wörter.",
  },
  {
    owner: "julia.becker",
    category: "Writing",
    title: "Newsletter-Texte, die geöffnet werden",
    price: "150.00",
    description:
      "Betreffzeilen, die neugierig machen, und Inhalte, die zum Klicken einladen: Ich schreibe Ihre monatlichen Newsletter. Auf Wunsch richte ich den Versand direkt in Ihrem Newsletter-Tool ein. Danach werten wir gemeinsam Öffnungs- und Klickraten aus.",
  },
  {
    owner: "julia.becker",
    category: "Writing",
    title: "Über-uns-Seite und Unternehmensporträt",
    price: "260.00",
    description:
      "Ihre Geschichte verdient mehr als ein paar Stichpunkte. In einem Interview lerne ich Ihr Unternehmen kennen und schreibe daraus einen authentischen Text für Ihre Website. Zwei Korrekturrunden sind inklusive.",
  },
  {
    owner: "marie.koch",
    category: "Writing",
    title: "Bewerbungsschreiben und Lebenslauf überarbeiten",
    price: "59.00",
    description:
      "Ich überarbeite Ihr Anschreiben und Ihren Lebenslauf, damit Ihre Stärken sofort ins Auge fallen. Dabei achte ich auf eine klare Struktur, ein modernes Layout und fehlerfreie Sprache. Rückmeldung erhalten Sie innerhalb von drei Werktagen.",
  },
  // Marketing
  {
    owner: "max.weber",
    category: "Marketing",
    title: "Google-Ads-Kampagne aufsetzen und optimieren",
    price: "690.00",
    description:
      "Ich richte Ihre Suchmaschinen-Kampagne von Grund auf ein: Keyword-Recherche, Anzeigentexte, Conversion-Tracking und Budgetplanung. Im ersten Monat optimiere ich wöchentlich Gebote und auszuschließende Suchbegriffe. Zum Abschluss erhalten Sie einen verständlichen Bericht.",
  },
  {
    owner: "max.weber",
    category: "Marketing",
    title: "SEO-Audit für Ihre Website",
    price: "480.00",
    featured: true,
    description:
      "Ich analysiere Technik, Inhalte und Verlinkung Ihrer Website und zeige Ihnen, warum Sie bei Suchmaschinen nicht gefunden werden. Sie erhalten eine priorisierte Liste mit Maßnahmen, die Sie selbst oder mit Ihrer Agentur umsetzen können. In einem einstündigen Gespräch besprechen wir die Ergebnisse.",
  },
  {
    owner: "tobias.richter",
    category: "Marketing",
    title: "Instagram-Betreuung für lokale Geschäfte",
    price: "450.00",
    unit: "month",
    description:
      "Ich übernehme Ihren Instagram-Auftritt: Redaktionsplan, drei Beiträge pro Woche, Stories und Community-Pflege. Einmal im Monat komme ich für ein kleines Foto-Shooting vorbei (Raum Düsseldorf). So bleiben Sie bei Ihrer Kundschaft präsent.",
  },
  {
    owner: "max.weber",
    category: "Marketing",
    title: "E-Mail-Marketing-Strategie mit Automatisierung",
    price: "1200.00",
    description:
      "Willkommensserie, Erinnerungen an abgebrochene Warenkörbe und Reaktivierung: Ich entwickle eine E-Mail-Strategie, die automatisch verkauft. Die Strecken richte ich in Ihrem Newsletter-Tool ein und teste sie gründlich. Nach sechs Wochen werten wir die Ergebnisse gemeinsam aus.",
  },
  {
    owner: "tobias.richter",
    category: "Marketing",
    title: "Google-Unternehmensprofil optimieren",
    price: "79.00",
    description:
      "Ein vollständiges Unternehmensprofil bringt mehr Anrufe und Besuche. Ich pflege Kategorien, Öffnungszeiten, Fotos und Leistungen ein und zeige Ihnen, wie Sie richtig auf Bewertungen reagieren. Ideal für Praxen, Restaurants und Handwerksbetriebe.",
  },
  {
    owner: "tobias.richter",
    category: "Marketing",
    title: "Marketingplan für Ihr erstes Geschäftsjahr",
    price: "950.00",
    description:
      "Gemeinsam definieren wir Zielgruppe, Positionierung und die passenden Kanäle für Ihren Start. Daraus entsteht ein konkreter Zwölf-Monats-Plan mit Budget und Kennzahlen. Drei Feedback-Termine im ersten Quartal sind inklusive.",
  },
  // Consulting
  {
    owner: "sophie.hoffmann",
    category: "Consulting",
    title: "Steuerberatung für Freiberufler",
    price: "140.00",
    unit: "hour",
    description:
      "Sie sind frisch selbstständig und unsicher bei Umsatzsteuer, Einnahmenüberschussrechnung oder Vorauszahlungen? Ich beantworte Ihre Fragen in einer einstündigen Online-Beratung. Dazu erhalten Sie eine Checkliste für die nächsten Schritte.",
  },
  {
    owner: "tobias.richter",
    category: "Consulting",
    title: "Businessplan für Gründerinnen und Gründer",
    price: "1650.00",
    featured: true,
    description:
      "Ich erstelle mit Ihnen einen bankfähigen Businessplan mit Finanzplanung, Liquiditätsvorschau und Marktanalyse. Der Plan eignet sich für Gespräche mit der Hausbank, Förderbanken oder für den Gründungszuschuss. Sie erhalten das Dokument als PDF und die Finanzplanung als Tabelle.",
  },
  {
    owner: "sophie.hoffmann",
    category: "Consulting",
    title: "Datenschutz-Check nach DSGVO",
    price: "390.00",
    description:
      "Ich prüfe Ihre Website und Ihre internen Abläufe auf die wichtigsten Anforderungen der DSGVO: Datenschutzerklärung, Cookie-Hinweis, Auftragsverarbeitung und Verarbeitungsverzeichnis. Sie erhalten einen Bericht mit konkreten Handlungsempfehlungen. Eine Rechtsberatung ersetzt der Check nicht.",
  },
  {
    owner: "tobias.richter",
    category: "Consulting",
    title: "Prozessoptimierung für kleine Teams",
    price: "1100.00",
    description:
      "In einem Workshop analysieren wir Ihre Abläufe von der Anfrage bis zur Rechnung. Ich zeige Ihnen, wo digitale Werkzeuge Zeit sparen, und begleite die Einführung. Typische Ergebnisse sind weniger Doppelerfassung und schnellere Angebote.",
  },
  {
    owner: "sophie.hoffmann",
    category: "Consulting",
    title: "Digitale Buchhaltung einrichten",
    price: "320.00",
    description:
      "Ich richte Ihre digitale Buchhaltung ein: Bankanbindung, Belegerfassung per App, Kategorien und Rechnungsvorlagen. Danach wissen Sie genau, welche Schritte monatlich anfallen. Auf Wunsch übernehme ich auch die laufende Belegprüfung.",
  },
  {
    owner: "jonas.wagner",
    category: "Consulting",
    title: "IT-Beratung: Umstieg in die Cloud für Kleinbetriebe",
    price: "780.00",
    description:
      "Der Server steht im Keller und Dateien wandern per USB-Stick? Ich plane mit Ihnen den Umstieg auf eine sichere Cloud-Lösung. Dazu gehören Datenübernahme, Berechtigungen und eine Schulung für Ihr Team.",
  },
  // Education
  {
    owner: "felix.schneider",
    category: "Education",
    title: "Nachhilfe Mathematik Oberstufe",
    price: "35.00",
    unit: "hour",
    featured: true,
    description:
      "Ich unterstütze Schülerinnen und Schüler der Oberstufe bei Analysis, Stochastik und analytischer Geometrie. Wir arbeiten gezielt an Ihren Lücken und üben mit echten Abituraufgaben. Der Unterricht findet online oder in Köln-Ehrenfeld statt, der Preis gilt für 60 Minuten.",
  },
  {
    owner: "felix.schneider",
    category: "Education",
    title: "Abiturvorbereitung Physik – Intensivkurs",
    price: "320.00",
    description:
      "In zehn Doppelstunden wiederholen wir alle prüfungsrelevanten Themen von der Mechanik bis zur Quantenphysik. Zu jeder Einheit gibt es Übungsblätter mit ausführlichen Lösungen. Kleine Gruppen mit höchstens vier Teilnehmenden sorgen für persönliche Betreuung.",
  },
  {
    owner: "marie.koch",
    category: "Education",
    title: "Deutsch als Fremdsprache (A2 bis B2)",
    price: "40.00",
    unit: "hour",
    description:
      "Ich unterrichte Deutsch für Erwachsene, die im Alltag und im Beruf sicherer sprechen möchten. Jede Stunde verbindet Grammatik, Wortschatz und viel Sprechpraxis. Auf Wunsch bereite ich Sie gezielt auf eine Sprachprüfung vor.",
  },
  {
    owner: "jonas.wagner",
    category: "Education",
    title: "Programmieren lernen mit Python – Einsteigerkurs",
    price: "490.00",
    description:
      "In acht Online-Terminen lernen Sie die Grundlagen von Python: Variablen, Schleifen, Funktionen und das Arbeiten mit Dateien. Jede Einheit endet mit einem kleinen Projekt, das Sie selbst umsetzen. Vorkenntnisse brauchen Sie keine.",
  },
  {
    owner: "sophie.hoffmann",
    category: "Education",
    title: "Excel-Schulung für Büro und Verwaltung",
    price: "220.00",
    description:
      "SVERWEIS, Pivot-Tabellen und bedingte Formatierung sind für Sie noch Fremdwörter? In einem halbtägigen Workshop zeige ich Ihnen praxisnah, wie Sie Tabellen schneller und fehlerfreier erstellen. Die Schulung findet online oder bei Ihnen im Büro statt.",
  },
  {
    owner: "katharina.braun",
    category: "Education",
    title: "Gitarrenunterricht für Anfänger",
    price: "30.00",
    description:
      "Sie wollten schon immer Gitarre spielen? Ich bringe Ihnen die ersten Akkorde, Schlagmuster und Lieder bei – geduldig und mit viel Spaß. Der Unterricht findet bei mir in Leipzig oder online statt, der Preis gilt für 45 Minuten.",
  },
  // Other
  {
    owner: "lea.fischer",
    category: "Other",
    title: "Hochzeitsfotografie – Ganztagsreportage",
    price: "1890.00",
    featured: true,
    description:
      "Vom Ankleiden bis zum ersten Tanz begleite ich Ihren Hochzeitstag mit der Kamera. Sie erhalten mindestens 400 bearbeitete Bilder in einer Online-Galerie zum Teilen. Ein Vorgespräch und ein Paarshooting vorab sind inklusive.",
  },
  {
    owner: "lea.fischer",
    category: "Other",
    title: "Bewerbungsfotos im Studio",
    price: "89.00",
    description:
      "Professionelle Bewerbungsfotos in entspannter Atmosphäre: Wir nehmen uns 30 Minuten Zeit, danach wählen Sie drei Bilder aus, die ich sorgfältig retuschiere. Auf Wunsch erhalten Sie zusätzlich ein Querformat für berufliche Netzwerke.",
  },
  {
    owner: "katharina.braun",
    category: "Other",
    title: "Virtuelle Assistenz für Selbstständige",
    price: "38.00",
    unit: "hour",
    description:
      "Ich übernehme Ihr E-Mail-Postfach, Terminplanung, Reisebuchungen und Rechnungsstellung, damit Sie sich auf Ihr Kerngeschäft konzentrieren können. Die Zusammenarbeit läuft flexibel über ein Stundenkontingent. Der Preis gilt pro Stunde.",
  },
  {
    owner: "katharina.braun",
    category: "Other",
    title: "Eventplanung für Firmenfeiern",
    price: "1350.00",
    description:
      "Sommerfest, Weihnachtsfeier oder Jubiläum: Ich plane Ihre Firmenveranstaltung von der Suche nach der passenden Location bis zum Catering. Sie erhalten einen detaillierten Ablaufplan und am Veranstaltungstag eine feste Ansprechpartnerin. Der Preis deckt die Planung für bis zu 80 Gäste ab.",
  },
  {
    owner: "felix.schneider",
    category: "Other",
    title: "Möbelaufbau und kleine Reparaturen",
    price: "45.00",
    unit: "hour",
    description:
      "Ich baue Ihre Möbel fachgerecht auf, bringe Lampen und Regale an und erledige kleine Reparaturen im Haushalt. Das Werkzeug bringe ich selbst mit. Der Preis gilt pro Stunde im Kölner Stadtgebiet, die Anfahrt ist inklusive.",
  },
  {
    owner: "julia.becker",
    category: "Other",
    title: "Podcast-Schnitt und Audio-Nachbearbeitung",
    price: "65.00",
    description:
      "Ich schneide Ihre Podcast-Folge, entferne Versprecher und Störgeräusche und sorge für eine gleichmäßige Lautstärke. Intro, Outro und Kapitelmarken füge ich auf Wunsch hinzu. Der Preis gilt für eine Folge bis 45 Minuten.",
  },
];

/**
 * Delivery time (days; null: "nach Vereinbarung") and place of work of the demo services, by title:
 * kept apart from the entries above so that each reads as before. A title not listed is remote and
 * "nach Vereinbarung", as the migration left existing services.
 */
const DEMO_LISTING_FACTS: Record<string, { days: number | null; place?: WorkPlace; city?: string }> = {
  "Responsive Website für Ihr Handwerksunternehmen": { days: 21 },
  "Onlineshop mit Shopware 6 einrichten": { days: 30 },
  "WordPress-Wartung und Sicherheitsupdates (monatlich)": { days: null },
  "Landingpage für Ihre Produkteinführung": { days: 7 },
  "Fehlerbehebung in React- und TypeScript-Projekten": { days: 1 },
  "Barrierefreiheits-Check nach WCAG 2.1": { days: 5 },
  "Logo-Design mit Markenhandbuch": { days: 14 },
  "Visitenkarten und Briefpapier im Corporate Design": { days: 5 },
  "UI/UX-Design für Ihre App in Figma": { days: 21, place: "both", city: "Berlin" },
  "Social-Media-Grafiken im Monatspaket": { days: null },
  "Produktfotos freistellen und retuschieren": { days: 2 },
  "Buchcover-Gestaltung für Selfpublisher": { days: 10 },
  "SEO-Texte für Onlineshops": { days: 7 },
  "Lektorat und Korrektorat für Abschlussarbeiten": { days: 3 },
  "Übersetzung Englisch–Deutsch für Fachtexte": { days: 3 },
  "Newsletter-Texte, die geöffnet werden": { days: 4 },
  "Über-uns-Seite und Unternehmensporträt": { days: 7, place: "both", city: "Hamburg" },
  "Bewerbungsschreiben und Lebenslauf überarbeiten": { days: 2 },
  "Google-Ads-Kampagne aufsetzen und optimieren": { days: 10 },
  "SEO-Audit für Ihre Website": { days: 7 },
  "Instagram-Betreuung für lokale Geschäfte": { days: null, place: "both", city: "Düsseldorf" },
  "E-Mail-Marketing-Strategie mit Automatisierung": { days: 14 },
  "Google-Unternehmensprofil optimieren": { days: 3 },
  "Marketingplan für Ihr erstes Geschäftsjahr": { days: 30 },
  "Steuerberatung für Freiberufler": { days: null, place: "both", city: "München" },
  "Businessplan für Gründerinnen und Gründer": { days: 14 },
  "Datenschutz-Check nach DSGVO": { days: 10 },
  "Prozessoptimierung für kleine Teams": { days: null, place: "onsite", city: "Frankfurt am Main" },
  "Digitale Buchhaltung einrichten": { days: 7 },
  "IT-Beratung: Umstieg in die Cloud für Kleinbetriebe": { days: 30, place: "both", city: "Stuttgart" },
  "Nachhilfe Mathematik Oberstufe": { days: null, place: "both", city: "Köln" },
  "Abiturvorbereitung Physik – Intensivkurs": { days: null, place: "onsite", city: "Dresden" },
  "Deutsch als Fremdsprache (A2 bis B2)": { days: null },
  "Programmieren lernen mit Python – Einsteigerkurs": { days: null },
  "Excel-Schulung für Büro und Verwaltung": { days: 14, place: "both", city: "Düsseldorf" },
  "Gitarrenunterricht für Anfänger": { days: null, place: "both", city: "Leipzig" },
  "Hochzeitsfotografie – Ganztagsreportage": { days: 28, place: "onsite", city: "Hamburg" },
  "Bewerbungsfotos im Studio": { days: 3, place: "onsite", city: "München" },
  "Virtuelle Assistenz für Selbstständige": { days: 1 },
  "Eventplanung für Firmenfeiern": { days: 60, place: "onsite", city: "Köln" },
  "Möbelaufbau und kleine Reparaturen": { days: 3, place: "onsite", city: "Berlin" },
  "Podcast-Schnitt und Audio-Nachbearbeitung": { days: 2 },
};

/** The columns of a demo service's delivery time and place of work. */
export function demoListingFacts(title: string): { deliveryDays: number | null; workPlace: WorkPlace; workCity: string | null } {
  const facts = DEMO_LISTING_FACTS[title];
  const workPlace = facts?.place ?? "remote";
  return { deliveryDays: facts?.days ?? null, workPlace, workCity: workPlace === "remote" ? null : (facts?.city ?? null) };
}
