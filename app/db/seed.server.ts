import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { count, sql } from "drizzle-orm";
import {
  account,
  conversations,
  favorites,
  messages,
  notifications,
  profiles,
  purchases,
  serviceComments,
  serviceReviews,
  services,
  supportTickets,
  user,
  type ProfileRole,
  type TicketStatus,
} from "~/db/schema";
import type { Database } from "~/lib/db.server";

/**
 * Demo content for a fresh installation: a dozen German accounts with
 * services, reviews, comments, favourites, purchases, chats, notifications
 * and support tickets. Every content choice comes from a seeded PRNG, so two
 * runs with the same `now` produce the same data (only the ids differ).
 */

/** The one password of every demo account. */
export const DEMO_PASSWORD = "demo1234";

export const DEMO_EMAIL_DOMAIN = "demo.marktplatz.example";

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  role: ProfileRole;
  isPremium: boolean;
  bio: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: `anna.schmidt@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Anna",
    lastName: "Schmidt",
    username: "anna.schmidt",
    role: "user",
    isPremium: true,
    bio: "Freiberufliche Webentwicklerin aus Hamburg mit über zehn Jahren Erfahrung. Ich baue schnelle, barrierefreie Websites für Handwerk, Praxen und kleine Unternehmen – persönlich, termintreu und ohne Fachchinesisch.",
  },
  {
    email: `lukas.mueller@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Lukas",
    lastName: "Müller",
    username: "lukas.mueller",
    role: "user",
    isPremium: false,
    bio: "Grafikdesigner in Berlin. Ich entwickle Logos, Markenauftritte und Benutzeroberflächen, die im Gedächtnis bleiben. Mein Motto: klare Gestaltung, ehrliche Beratung.",
  },
  {
    email: `julia.becker@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Julia",
    lastName: "Becker",
    username: "julia.becker",
    role: "user",
    isPremium: false,
    bio: "Texterin und Content-Strategin aus Frankfurt am Main. Ich schreibe Texte, die gefunden, gelesen und verstanden werden – für Websites, Onlineshops, Newsletter und Podcasts.",
  },
  {
    email: `maximilian.weber@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Maximilian",
    lastName: "Weber",
    username: "max.weber",
    role: "user",
    isPremium: false,
    bio: "Online-Marketing-Berater mit Schwerpunkt SEO und Google Ads. Seit 2015 helfe ich mittelständischen Unternehmen aus Baden-Württemberg, online mehr Kundschaft zu gewinnen.",
  },
  {
    email: `sophie.hoffmann@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Sophie",
    lastName: "Hoffmann",
    username: "sophie.hoffmann",
    role: "user",
    isPremium: false,
    bio: "Steuerberaterin und zertifizierte Datenschutzbeauftragte in Münster. Ich unterstütze Freiberufler und kleine Betriebe dabei, Steuern und Bürokratie entspannt im Griff zu behalten.",
  },
  {
    email: `felix.schneider@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Felix",
    lastName: "Schneider",
    username: "felix.schneider",
    role: "user",
    isPremium: false,
    bio: "Lehramtsstudent für Mathematik und Physik an der Universität zu Köln. Ich gebe seit sechs Jahren Nachhilfe und erkläre lieber dreimal geduldig als einmal zu schnell.",
  },
  {
    email: `lea.fischer@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Lea",
    lastName: "Fischer",
    username: "lea.fischer",
    role: "user",
    isPremium: false,
    bio: "Fotografin und Bildbearbeiterin aus München. Hochzeiten, Porträts und Produktfotos sind meine Leidenschaft – natürlich, hell und ohne gestellte Posen.",
  },
  {
    email: `jonas.wagner@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Jonas",
    lastName: "Wagner",
    username: "jonas.wagner",
    role: "user",
    isPremium: false,
    bio: "Fullstack-Entwickler aus Dresden mit Fokus auf React, TypeScript und Shopware. Ich liebe sauberen Code und erkläre gern, was ich tue – auch in meinen Programmierkursen.",
  },
  {
    email: `marie.koch@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Marie",
    lastName: "Koch",
    username: "marie.koch",
    role: "user",
    isPremium: false,
    bio: "Übersetzerin für Englisch und Deutsch sowie Lehrerin für Deutsch als Fremdsprache in Nürnberg. Sprache ist mein Handwerk – vom Lektorat bis zum Sprachkurs.",
  },
  {
    email: `tobias.richter@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Tobias",
    lastName: "Richter",
    username: "tobias.richter",
    role: "user",
    isPremium: false,
    bio: "Unternehmensberater und Gründungscoach aus Düsseldorf. Ich begleite Start-ups und Kleinunternehmen von der ersten Idee bis zum funktionierenden Vertrieb.",
  },
  {
    email: `katharina.braun@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Katharina",
    lastName: "Braun",
    username: "katharina.braun",
    role: "user",
    isPremium: false,
    bio: "Virtuelle Assistentin, Eventplanerin und nebenbei Gitarrenlehrerin in Leipzig. Organisation ist meine Stärke – ich behalte den Überblick, damit Sie es nicht müssen.",
  },
  {
    email: `support@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Sabine",
    lastName: "Krüger",
    username: "support-team",
    role: "support",
    isPremium: false,
    bio: "Ich bin Ihre Ansprechpartnerin im Support-Team des Marktplatzes. Bei Fragen zu Ihrem Konto, zu Aufträgen oder technischen Problemen helfe ich Ihnen gern weiter.",
  },
];

type Category = (typeof services.$inferInsert)["category"];

interface DemoService {
  owner: string; // username
  category: Category;
  title: string;
  price: string;
  featured?: boolean;
  description: string;
}

const DEMO_SERVICES: readonly DemoService[] = [
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

const REVIEW_TEXTS: Record<"good" | "mixed" | "bad", readonly string[]> = {
  good: [
    "Sehr professionelle Zusammenarbeit, schnelle Rückmeldungen und ein tolles Ergebnis. Gerne wieder!",
    "Hat alles wie besprochen geklappt. Die Kommunikation war jederzeit freundlich und unkompliziert.",
    "Hat meine Erwartungen übertroffen. Ich empfehle das Angebot uneingeschränkt weiter.",
    "Termingerecht geliefert, und kleine Änderungswünsche wurden sofort umgesetzt.",
    "Top Preis-Leistungs-Verhältnis. Man merkt die Erfahrung.",
    "Sehr geduldig und kompetent – genau das, was ich gesucht habe.",
    "Schnelle Umsetzung, saubere Arbeit. Vielen Dank!",
    "Ich war anfangs skeptisch, aber das Ergebnis hat mich voll überzeugt.",
    "Klare Absprachen, faire Preise und ein Ergebnis, mit dem ich rundum zufrieden bin.",
    "Wirklich hilfreich. Ich habe viel gelernt und fühle mich jetzt deutlich sicherer.",
    "Kleine Verzögerung beim Start, danach lief alles reibungslos. Insgesamt sehr zufrieden.",
    "Gute Arbeit. Ein paar Details mussten wir nachbessern, aber das ging schnell.",
    "Zuverlässig, freundlich und fachlich top. Die nächste Buchung ist schon geplant.",
    "Endlich jemand, der zuhört und nicht nur verkauft. Absolut empfehlenswert!",
  ],
  mixed: [
    "Solide Arbeit, aber die Abstimmung hat länger gedauert als gedacht.",
    "Ergebnis in Ordnung. Für den Preis hätte ich mir etwas mehr Eigeninitiative gewünscht.",
    "Insgesamt okay. Die Rückmeldungen kamen manchmal erst nach ein paar Tagen.",
    "Nicht schlecht, aber auch nicht herausragend. Für einfache Aufgaben passt es.",
  ],
  bad: [
    "Leider wurde der vereinbarte Termin zweimal verschoben, und das Ergebnis war nur mittelmäßig.",
    "Die Kommunikation war schwierig, meine Anmerkungen wurden kaum berücksichtigt.",
    "Hat nicht meinen Erwartungen entsprochen. Schade, die Beschreibung klang vielversprechend.",
    "Am Ende musste ich vieles selbst nachbessern. Leider nicht empfehlenswert.",
  ],
};

const COMMENT_TEXTS: readonly string[] = [
  "Bieten Sie das auch für kleinere Budgets an?",
  "Wie lange dauert die Umsetzung ungefähr?",
  "Ist eine Rechnung mit ausgewiesener Mehrwertsteuer möglich?",
  "Arbeiten Sie auch am Wochenende? Bei mir drängt die Zeit etwas.",
  "Klingt spannend! Kann ich vorher ein paar Referenzen sehen?",
  "Sind Korrekturschleifen im Preis enthalten?",
  "Wäre auch ein persönliches Treffen möglich, oder läuft alles online?",
  "Ich hätte Interesse und schreibe Ihnen gleich eine Nachricht.",
  "Gibt es einen Rabatt, wenn man mehrere Leistungen bucht?",
  "Super Angebot, habe ich direkt an eine Freundin weiterempfohlen.",
  "Welche Unterlagen brauchen Sie vorab von mir?",
  "Geht das auch auf Englisch?",
  "Wie läuft die Bezahlung ab – vorab oder nach Fertigstellung?",
  "Habe das Angebot letztes Jahr genutzt und war sehr zufrieden. Danke nochmal!",
  "Können Sie auch kurzfristig einspringen, also innerhalb einer Woche?",
  "Ist das auch für Vereine geeignet?",
  "Tolle Beschreibung, man weiß genau, was man bekommt.",
  "Wie viele Aufträge nehmen Sie gerade an? Ich würde gern im nächsten Monat starten.",
  "Gibt es ein kostenloses Erstgespräch?",
  "Kommen Sie auch nach außerhalb, oder nur im Stadtgebiet?",
];

const OWNER_REPLIES: readonly string[] = [
  "Danke für Ihre Frage! Schreiben Sie mir gern eine Nachricht mit den Details, dann mache ich Ihnen ein Angebot.",
  "Ja, das ist möglich. Melden Sie sich einfach über den Chat bei mir.",
  "Gute Frage – das hängt vom Umfang ab. Lassen Sie uns kurz sprechen, dann kann ich es genauer sagen.",
  "Vielen Dank für Ihr Interesse! Ich melde mich in den nächsten Tagen bei Ihnen.",
];

const SUPPORT_TICKETS: readonly { by: string; subject: string; description: string; status: TicketStatus; daysAgo: number }[] = [
  {
    by: "katharina.braun",
    subject: "Rechnung für meinen Auftrag fehlt",
    description:
      "Ich habe vor zwei Wochen einen Service gebucht, aber bisher keine Rechnung erhalten. Können Sie mir bitte weiterhelfen?",
    status: "open",
    daysAgo: 1,
  },
  {
    by: "felix.schneider",
    subject: "Profilbild lässt sich nicht hochladen",
    description:
      "Beim Hochladen meines Profilbilds erscheint jedes Mal eine Fehlermeldung. Die Datei ist ein JPG mit 2 MB, ich habe es in zwei verschiedenen Browsern versucht.",
    status: "in_progress",
    daysAgo: 4,
  },
  {
    by: "julia.becker",
    subject: "E-Mail-Adresse ändern",
    description:
      "Ich möchte die E-Mail-Adresse meines Kontos ändern, habe aber keine Bestätigungsmail bekommen. Was kann ich tun?",
    status: "resolved",
    daysAgo: 12,
  },
  {
    by: "marie.koch",
    subject: "Frage zur Premium-Mitgliedschaft",
    description: "Welche Vorteile bietet eine Premium-Mitgliedschaft, und wie kann ich sie abschließen?",
    status: "closed",
    daysAgo: 30,
  },
  {
    by: "lea.fischer",
    subject: "Unangemessener Kommentar unter meinem Angebot",
    description:
      "Unter einem meiner Angebote steht ein Kommentar, den ich als beleidigend empfinde. Bitte prüfen Sie ihn und entfernen Sie ihn gegebenenfalls.",
    status: "open",
    daysAgo: 2,
  },
];

interface DemoConversation {
  /** Title of the service talked about (owned by `b`), or null for a direct chat. */
  service: string | null;
  /** The two participants; `a` writes first. */
  a: string;
  b: string;
  startDaysAgo: number;
  /** How many of the latest messages are still unread. */
  unread: number;
  messages: readonly { from: "a" | "b"; text: string }[];
}

const DEMO_CONVERSATIONS: readonly DemoConversation[] = [
  {
    service: "Responsive Website für Ihr Handwerksunternehmen",
    a: "katharina.braun",
    b: "anna.schmidt",
    startDaysAgo: 5,
    unread: 1,
    messages: [
      {
        from: "a",
        text: "Hallo Anna, ich interessiere mich für Ihre Website für Handwerksbetriebe. Mein Bruder hat eine kleine Tischlerei in Leipzig und braucht dringend einen neuen Auftritt.",
      },
      {
        from: "b",
        text: "Hallo Katharina, das klingt nach einem schönen Projekt! Wie viele Unterseiten stellen Sie sich ungefähr vor, und gibt es schon ein Logo?",
      },
      {
        from: "a",
        text: "Ein Logo gibt es, dazu etwa fünf Seiten: Start, Leistungen, Referenzen, Über uns und Kontakt. Wäre ein Start im nächsten Monat möglich?",
      },
      { from: "b", text: "Ja, ab dem 15. hätte ich Kapazität. Ich schicke Ihnen heute noch ein unverbindliches Angebot per E-Mail." },
      { from: "a", text: "Perfekt, vielen Dank! Dann warte ich auf Ihre Mail." },
      { from: "b", text: "Das Angebot ist unterwegs. Schauen Sie es sich in Ruhe an und melden Sie sich gern bei Fragen." },
    ],
  },
  {
    service: "Nachhilfe Mathematik Oberstufe",
    a: "marie.koch",
    b: "felix.schneider",
    startDaysAgo: 3,
    unread: 1,
    messages: [
      {
        from: "a",
        text: "Hallo Felix, meine Tochter ist in der elften Klasse und hat Schwierigkeiten mit Analysis. Hätten Sie dienstags am Nachmittag Zeit?",
      },
      { from: "b", text: "Hallo Frau Koch, dienstags ab 16 Uhr passt bei mir gut. Sollen wir mit einer Probestunde online starten?" },
      { from: "a", text: "Sehr gern. Reichen 60 Minuten für den Anfang?" },
      {
        from: "b",
        text: "Ja, das reicht. Ich schicke vorher einen Link für das Videotreffen. Bitte die letzten Klausuren bereithalten, dann sehe ich schnell, wo es hakt.",
      },
    ],
  },
  {
    service: null,
    a: "lukas.mueller",
    b: "julia.becker",
    startDaysAgo: 2,
    unread: 2,
    messages: [
      {
        from: "a",
        text: "Hi Julia, ich arbeite gerade an einem Markenauftritt für ein Café in Kreuzberg und bräuchte noch Texte für die Website. Hättest du Lust?",
      },
      { from: "b", text: "Hi Lukas, klingt super! Wie viel Text wird es ungefähr, und bis wann?" },
      { from: "a", text: "Startseite, Über uns und eine Speisekarte mit kurzen Beschreibungen. Abgabe wäre Ende des Monats." },
      { from: "b", text: "Das schaffe ich. Schick mir gern das Moodboard, dann treffe ich den richtigen Ton." },
      { from: "a", text: "Mache ich! Ich lade es dir gleich in den Projektordner hoch." },
      { from: "b", text: "Danke, hab's gesehen – sieht toll aus. Der erste Entwurf kommt bis Freitag." },
      { from: "b", text: "Kleine Frage noch: Sollen die Gäste auf der Website geduzt oder gesiezt werden?" },
    ],
  },
];

/**
 * A long direct conversation (more than one page of 50), so that "load earlier messages" can be
 * tried in the live chat: the weekly coordination of a shared client project.
 */
const LONG_CHAT_LINES: readonly { from: "a" | "b"; text: (week: number) => string }[] = [
  { from: "a", text: (w) => `Guten Morgen Max, kurzer Stand zu Woche ${w}: Die Startseite ist fertig gestaltet.` },
  { from: "b", text: (w) => `Morgen Anna! Prima, ich baue die Texte für Woche ${w} heute Nachmittag ein.` },
  { from: "a", text: () => "Denk bitte an die Alt-Texte für die neuen Bilder." },
  { from: "b", text: () => "Mache ich. Brauchst du noch die Freigabe vom Kunden?" },
  { from: "a", text: (w) => `Ja, die Freigabe für Woche ${w} fehlt noch. Ich frage morgen nach.` },
  { from: "b", text: () => "Alles klar, dann warte ich damit." },
  { from: "a", text: () => "Die Ladezeit ist übrigens deutlich besser geworden." },
  { from: "b", text: (w) => `Sehr gut – dann schließen wir Woche ${w} am Freitag ab.` },
];
const LONG_CHAT: DemoConversation = {
  service: null,
  a: "anna.schmidt",
  b: "max.weber",
  startDaysAgo: 30,
  unread: 0,
  messages: Array.from({ length: 64 }, (_, i) => {
    const line = LONG_CHAT_LINES[i % LONG_CHAT_LINES.length]!;
    return { from: line.from, text: line.text(Math.floor(i / LONG_CHAT_LINES.length) + 1) };
  }),
};

const TARGET_REVIEWS = 120;
const TARGET_COMMENTS = 60;
const TARGET_FAVORITES = 40;
const TARGET_PURCHASES = 8;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
  /** A time between `from` and `to` (clamped so that from <= result <= to). */
  between(from: Date, to: Date): Date {
    const span = Math.max(0, to.getTime() - from.getTime());
    return new Date(from.getTime() + Math.floor(this.next() * span));
  }
}

/** Better Auth style text id (ids are unique per run; the content does not depend on them). */
function newTextId(): string {
  return randomUUID().replace(/-/g, "");
}

function laterOf(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

function earlierOf(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export interface SeedResult {
  seeded: boolean;
  logins: { email: string; password: string; note: string }[];
}

function loginList(): SeedResult["logins"] {
  return DEMO_USERS.map((u) => ({
    email: u.email,
    password: DEMO_PASSWORD,
    note: u.role === "support" ? "Support" : u.isPremium ? "Premium" : `${u.firstName} ${u.lastName}`,
  }));
}

async function hasUsers(db: Pick<Database, "select">): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user);
  return (row?.n ?? 0) > 0;
}

/**
 * Fills an empty database with demo content. Does nothing when any account
 * exists already (seeded: false). Everything is written in one transaction.
 */
export async function seedDemoContent(db: Database, options: { now?: Date } = {}): Promise<SeedResult> {
  if (await hasUsers(db)) return { seeded: false, logins: [] };

  const now = options.now ?? new Date();
  const rng = new Random(0x5eed_2024);
  // One hash for every account: scrypt is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // ---- users, accounts, profiles -------------------------------------------------
  const userRows: (typeof user.$inferInsert)[] = [];
  const accountRows: (typeof account.$inferInsert)[] = [];
  const profileRows: (typeof profiles.$inferInsert)[] = [];
  const byUsername = new Map<string, { id: string; name: string; createdAt: Date; demo: DemoUser }>();

  for (const demo of DEMO_USERS) {
    const id = newTextId();
    const createdAt = new Date(now.getTime() - rng.int(250, 330) * DAY - rng.int(0, 20 * 60) * MINUTE);
    const updatedAt = rng.between(createdAt, now);
    const name = `${demo.firstName} ${demo.lastName}`;
    byUsername.set(demo.username, { id, name, createdAt, demo });
    userRows.push({ id, name, email: demo.email, emailVerified: true, createdAt, updatedAt });
    accountRows.push({
      id: newTextId(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
    const profileViews = demo.role === "support" ? rng.int(5, 40) : demo.isPremium ? rng.int(900, 1600) : rng.int(40, 700);
    profileRows.push({
      userId: id,
      firstName: demo.firstName,
      lastName: demo.lastName,
      email: demo.email,
      username: demo.username,
      bio: demo.bio,
      avatarUrl: null,
      gallery: [],
      role: demo.role,
      isPremium: demo.isPremium,
      profileViews,
      createdAt,
      updatedAt,
    });
  }

  const member = (username: string) => {
    const found = byUsername.get(username);
    if (!found) throw new Error(`Unknown demo user ${username}`);
    return found;
  };
  const regularUsers = DEMO_USERS.filter((u) => u.role === "user").map((u) => member(u.username));

  // ---- services -----------------------------------------------------------------
  const serviceRows: (typeof services.$inferInsert & { id: string; createdAt: Date })[] = DEMO_SERVICES.map((s) => {
    const owner = member(s.owner);
    const createdAt = new Date(now.getTime() - rng.int(2 * 60, 240 * 24 * 60) * MINUTE);
    const updatedAt = earlierOf(now, new Date(createdAt.getTime() + (rng.float() < 0.5 ? 0 : rng.int(1, 14 * 24) * HOUR)));
    const views = s.featured ? rng.int(700, 2000) : rng.int(0, 1200);
    return {
      id: randomUUID(),
      title: s.title,
      description: s.description,
      price: s.price,
      category: s.category,
      createdBy: owner.id,
      views,
      isFeatured: s.featured ?? false,
      createdAt,
      updatedAt,
    };
  });
  const serviceAt = (index: number) => {
    const row = serviceRows[index];
    if (!row) throw new Error(`Unknown demo service ${index}`);
    return row;
  };

  const serviceByTitle = (title: string) => {
    const row = serviceRows.find((s) => s.title === title);
    if (!row) throw new Error(`Unknown demo service ${title}`);
    return row;
  };

  /** Every (service, regular user) pair where the user does not own the service, in a seeded order. */
  const candidatePairs = () =>
    rng.shuffle(
      serviceRows.flatMap((s, serviceIndex) =>
        regularUsers.filter((u) => u.id !== s.createdBy).map((u) => ({ serviceIndex, service: s, member: u })),
      ),
    );

  // ---- reviews ------------------------------------------------------------------
  const reviewRows: (typeof serviceReviews.$inferInsert)[] = candidatePairs()
    .slice(0, TARGET_REVIEWS)
    .map(({ service, member: reviewer }) => {
      const rating = rng.weighted([1, 2, 3, 4, 5], [4, 6, 14, 34, 42]);
      const pool = rating >= 4 ? REVIEW_TEXTS.good : rating === 3 ? REVIEW_TEXTS.mixed : REVIEW_TEXTS.bad;
      const reviewText = rng.float() < 0.67 ? rng.pick(pool) : null;
      const createdAt = rng.between(new Date(service.createdAt.getTime() + HOUR), now);
      const updatedAt = rng.float() < 0.15 ? rng.between(createdAt, now) : createdAt;
      return { serviceId: service.id, userId: reviewer.id, rating, reviewText, createdAt, updatedAt };
    });

  // ---- comments (questions by others, some answered by the owner) ----------------
  const commentRows: (typeof serviceComments.$inferInsert)[] = [];
  const commentMeta: { serviceIndex: number; authorName: string; createdAt: Date }[] = [];
  while (commentRows.length < TARGET_COMMENTS) {
    const serviceIndex = rng.int(0, serviceRows.length - 1);
    const service = serviceAt(serviceIndex);
    const author = rng.pick(regularUsers.filter((u) => u.id !== service.createdBy));
    const createdAt = rng.between(new Date(service.createdAt.getTime() + HOUR), now);
    commentRows.push({ serviceId: service.id, userId: author.id, comment: rng.pick(COMMENT_TEXTS), createdAt });
    commentMeta.push({ serviceIndex, authorName: author.name, createdAt });
    if (rng.float() < 0.25 && commentRows.length < TARGET_COMMENTS) {
      const replyAt = earlierOf(now, new Date(createdAt.getTime() + rng.int(20, 36 * 60) * MINUTE));
      commentRows.push({ serviceId: service.id, userId: service.createdBy, comment: rng.pick(OWNER_REPLIES), createdAt: replyAt });
    }
  }

  // ---- favourites and purchases ---------------------------------------------------
  const favoriteRows: (typeof favorites.$inferInsert)[] = candidatePairs()
    .slice(0, TARGET_FAVORITES)
    .map(({ service, member: fan }) => ({
      userId: fan.id,
      serviceId: service.id,
      createdAt: rng.between(laterOf(service.createdAt, fan.createdAt), now),
    }));

  const purchaseRows: (typeof purchases.$inferInsert)[] = candidatePairs()
    .slice(0, TARGET_PURCHASES)
    .map(({ service, member: buyer }) => ({
      serviceId: service.id,
      buyerId: buyer.id,
      price: service.price,
      createdAt: rng.between(earlierOf(now, new Date(service.createdAt.getTime() + DAY)), now),
    }));

  // ---- support tickets -------------------------------------------------------------
  const ticketRows: (typeof supportTickets.$inferInsert)[] = SUPPORT_TICKETS.map((t) => {
    const createdAt = new Date(now.getTime() - t.daysAgo * DAY - rng.int(0, 10 * 60) * MINUTE);
    const updatedAt =
      t.status === "open" ? createdAt : earlierOf(now, new Date(createdAt.getTime() + rng.int(2, 48) * HOUR));
    return { userId: member(t.by).id, subject: t.subject, description: t.description, status: t.status, createdAt, updatedAt };
  });

  // ---- conversations and messages ---------------------------------------------------
  const conversationRows: (typeof conversations.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const notificationRows: (typeof notifications.$inferInsert)[] = [];

  for (const c of [...DEMO_CONVERSATIONS, LONG_CHAT]) {
    const a = member(c.a);
    const b = member(c.b);
    const id = randomUUID();
    const [user1Id, user2Id] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    const createdAt = new Date(now.getTime() - c.startDaysAgo * DAY - rng.int(0, 6 * 60) * MINUTE);
    let at = createdAt;
    c.messages.forEach((m, i) => {
      if (i > 0) at = new Date(at.getTime() + rng.int(4, 9 * 60) * MINUTE);
      messageRows.push({
        conversationId: id,
        senderId: m.from === "a" ? a.id : b.id,
        content: m.text,
        read: i < c.messages.length - c.unread,
        createdAt: at,
      });
    });
    const last = c.messages[c.messages.length - 1];
    conversationRows.push({
      id,
      user1Id,
      user2Id,
      kind: c.service === null ? "direct" : "service",
      serviceId: c.service === null ? null : serviceByTitle(c.service).id,
      lastMessageAt: at,
      createdAt,
      updatedAt: at,
    });
    if (last) {
      const sender = last.from === "a" ? a : b;
      const recipient = last.from === "a" ? b : a;
      notificationRows.push({
        userId: recipient.id,
        title: "Neue Nachricht",
        message: `${sender.name} hat Ihnen eine Nachricht geschrieben.`,
        link: c.service === null ? `/live-chat/${id}` : `/chats/${id}`,
        read: false,
        createdAt: at,
      });
    }
  }

  // ---- notifications about reviews, comments and tickets ------------------------------
  const recentReviews = [...reviewRows]
    .map((r, i) => ({ r, i }))
    .sort((x, y) => (y.r.createdAt as Date).getTime() - (x.r.createdAt as Date).getTime() || x.i - y.i)
    .slice(0, 4);
  const userName = new Map([...byUsername.values()].map((m) => [m.id, m.name]));
  const serviceById = new Map(serviceRows.map((s) => [s.id, s]));
  recentReviews.forEach(({ r }, i) => {
    const service = serviceById.get(r.serviceId);
    if (!service) return;
    notificationRows.push({
      userId: service.createdBy,
      title: "Neue Bewertung",
      message: `${userName.get(r.userId) ?? "Jemand"} hat „${service.title}“ mit ${r.rating} ${r.rating === 1 ? "Stern" : "Sternen"} bewertet.`,
      link: `/services/${service.id}`,
      read: i >= 2,
      createdAt: r.createdAt,
    });
  });
  const recentComments = commentMeta
    .map((m, i) => ({ m, i }))
    .sort((x, y) => y.m.createdAt.getTime() - x.m.createdAt.getTime() || x.i - y.i)
    .slice(0, 3);
  recentComments.forEach(({ m }, i) => {
    const service = serviceAt(m.serviceIndex);
    notificationRows.push({
      userId: service.createdBy,
      title: "Neuer Kommentar",
      message: `${m.authorName} hat „${service.title}“ kommentiert.`,
      link: `/services/${service.id}`,
      read: i >= 1,
      createdAt: m.createdAt,
    });
  });
  const statusLabel: Record<TicketStatus, string> = {
    open: "offen",
    in_progress: "in Bearbeitung",
    resolved: "gelöst",
    closed: "geschlossen",
  };
  ticketRows
    .filter((t) => t.status !== "open")
    .forEach((t) => {
      notificationRows.push({
        userId: t.userId,
        title: "Ticket-Status geändert",
        message: `Ihr Ticket „${t.subject}“ ist jetzt ${statusLabel[t.status ?? "open"]}.`,
        link: "/support",
        read: t.status === "closed",
        createdAt: t.updatedAt,
      });
    });

  // ---- write everything in one transaction ---------------------------------------------
  const seeded = await db.transaction(async (tx) => {
    // Someone else may have seeded (or signed up) since the first check.
    if (await hasUsers(tx)) return false;
    await tx.insert(user).values(userRows);
    await tx.insert(account).values(accountRows);
    await tx.insert(profiles).values(profileRows);
    await tx.insert(services).values(serviceRows);
    await tx.insert(serviceReviews).values(reviewRows);
    await tx.insert(serviceComments).values(commentRows);
    await tx.insert(favorites).values(favoriteRows);
    await tx.insert(purchases).values(purchaseRows);
    await tx.insert(supportTickets).values(ticketRows);
    await tx.insert(conversations).values(conversationRows);
    await tx.insert(messages).values(messageRows);
    await tx.insert(notifications).values(notificationRows);
    // The ratings cache, exactly as the review writes keep it.
    await tx.execute(sql`
      update services as s
      set rating_avg = r.avg_rating, rating_count = r.review_count
      from (
        select service_id, round(avg(rating)::numeric, 2) as avg_rating, count(*)::int as review_count
        from service_reviews
        group by service_id
      ) as r
      where s.id = r.service_id
    `);
    return true;
  });

  return seeded ? { seeded: true, logins: loginList() } : { seeded: false, logins: [] };
}
