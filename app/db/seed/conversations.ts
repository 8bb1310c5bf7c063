/** The demo chats; `a` and `b` are demo users' usernames (./users.ts), `service` a demo service's title (./services.ts). */

export interface DemoConversation {
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

export const DEMO_CONVERSATIONS: readonly DemoConversation[] = [
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
  // Two more questions to Anna about her services (answered, read): with the first one, three
  // answered chats, so her service pages show how fast she typically replies (provider trust box).
  {
    service: "Onlineshop mit Shopware 6 einrichten",
    a: "tobias.richter",
    b: "anna.schmidt",
    startDaysAgo: 9,
    unread: 0,
    messages: [
      { from: "a", text: "Hallo Frau Schmidt, wir verkaufen Kaffee aus unserer Rösterei und möchten endlich einen eigenen Shop. Können Sie auch die Anbindung an DHL übernehmen?" },
      { from: "b", text: "Hallo Herr Richter, ja, den DHL-Versand richte ich mit ein, inklusive Etikettendruck aus dem Backend. Wie viele Produkte haben Sie ungefähr?" },
      { from: "a", text: "Etwa 40 Sorten, jeweils in zwei Größen." },
      { from: "b", text: "Das passt gut in das Paket. Ich schicke Ihnen eine Übersicht der nächsten Schritte." },
    ],
  },
  {
    service: "WordPress-Wartung und Sicherheitsupdates (monatlich)",
    a: "sophie.hoffmann",
    b: "anna.schmidt",
    startDaysAgo: 12,
    unread: 0,
    messages: [
      { from: "a", text: "Hallo Anna, unsere Vereinsseite läuft noch auf einer alten WordPress-Version. Übernimmst du auch die erste große Aktualisierung?" },
      { from: "b", text: "Hallo Sophie, ja, die erste Aktualisierung mit Sicherung vorher ist im ersten Monat enthalten." },
      { from: "a", text: "Super, dann buche ich das gern ab nächstem Monat." },
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
export const LONG_CHAT: DemoConversation = {
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
