import type { TicketStatus } from "~/db/schema";

/** The demo support tickets; `by` is a demo user's username (./users.ts). */

export const SUPPORT_TICKETS: readonly { by: string; subject: string; description: string; status: TicketStatus; daysAgo: number }[] = [
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
