import type { TicketStatus } from "~/db/schema";

/**
 * The demo support tickets; `by` is a demo user's username (./users.ts). `replies` is the
 * conversation (ADR 022): who wrote (the support team or the ticket's author) and how many
 * minutes after the ticket was opened.
 */

export interface DemoTicketReply {
  from: "support" | "author";
  minutesAfter: number;
  text: string;
}

export const SUPPORT_TICKETS: readonly {
  by: string;
  subject: string;
  description: string;
  status: TicketStatus;
  daysAgo: number;
  replies: readonly DemoTicketReply[];
  /** A text file sent with the description (stored only when the seed has a file store). */
  file?: { name: string; text: string };
}[] = [
  {
    by: "katharina.braun",
    subject: "Rechnung für meinen Auftrag fehlt",
    description:
      "Ich habe vor zwei Wochen einen Service gebucht, aber bisher keine Rechnung erhalten. Können Sie mir bitte weiterhelfen?",
    status: "open",
    daysAgo: 1,
    replies: [
      {
        from: "support",
        minutesAfter: 95,
        text: "Danke für Ihre Nachricht! Die Rechnung stellt der Anbieter aus, sobald Sie den Auftrag als erledigt bestätigt haben. Ist der Auftrag unter „Aufträge“ bei Ihnen schon abgeschlossen?",
      },
      {
        from: "author",
        minutesAfter: 240,
        text: "Ah, das wusste ich nicht – der Auftrag steht noch auf „geliefert“. Ich bestätige ihn heute Abend und melde mich, falls die Rechnung dann immer noch fehlt.",
      },
    ],
  },
  {
    by: "felix.schneider",
    subject: "Profilbild lässt sich nicht hochladen",
    description:
      "Beim Hochladen meines Profilbilds erscheint jedes Mal eine Fehlermeldung. Die Datei ist ein JPG mit 2 MB, ich habe es in zwei verschiedenen Browsern versucht.",
    status: "in_progress",
    daysAgo: 4,
    file: {
      name: "fehlermeldung.txt",
      text: "Upload-Validierung fehlgeschlagen\nDatei: profilbild.jpg (2,0 MB)\nBrowser: Firefox 132 und Chrome 131, Windows 11\n",
    },
    replies: [
      {
        from: "support",
        minutesAfter: 130,
        text: "Vielen Dank für die genaue Beschreibung. Wir konnten den Fehler nachstellen und arbeiten an einer Lösung. Bis dahin hilft es meist, das Bild einmal als PNG zu speichern und erneut hochzuladen.",
      },
    ],
  },
  {
    by: "julia.becker",
    subject: "E-Mail-Adresse ändern",
    description:
      "Ich möchte die E-Mail-Adresse meines Kontos ändern, habe aber keine Bestätigungsmail bekommen. Was kann ich tun?",
    status: "resolved",
    daysAgo: 12,
    replies: [
      {
        from: "support",
        minutesAfter: 180,
        text: "Die Bestätigungsmail geht an die neue Adresse, nicht an die alte. Schauen Sie bitte auch im Spam-Ordner nach – ich habe sie Ihnen eben noch einmal geschickt.",
      },
      { from: "author", minutesAfter: 320, text: "Gefunden, sie war tatsächlich im Spam. Jetzt hat es geklappt, vielen Dank!" },
      { from: "support", minutesAfter: 365, text: "Schön, dass es klappt! Ich setze das Ticket auf gelöst. Melden Sie sich gern jederzeit wieder." },
    ],
  },
  {
    by: "marie.koch",
    subject: "Frage zur Premium-Mitgliedschaft",
    description: "Welche Vorteile bietet eine Premium-Mitgliedschaft, und wie kann ich sie abschließen?",
    status: "closed",
    daysAgo: 30,
    replies: [
      {
        from: "support",
        minutesAfter: 60,
        text: "Mit Premium erscheint ein Premium-Abzeichen in Ihrem Profil. Die Mitgliedschaft richten wir derzeit persönlich ein – ich habe Ihre Anfrage an das Team weitergegeben, das sich per E-Mail bei Ihnen meldet.",
      },
    ],
  },
  {
    by: "lea.fischer",
    subject: "Unangemessener Kommentar unter meinem Angebot",
    description:
      "Unter einem meiner Angebote steht ein Kommentar, den ich als beleidigend empfinde. Bitte prüfen Sie ihn und entfernen Sie ihn gegebenenfalls.",
    status: "open",
    daysAgo: 2,
    replies: [],
  },
];
