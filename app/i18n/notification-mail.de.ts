import type { NotificationKind } from "~/features/notifications/kinds";

/**
 * Texts of notification mails (issue #18): the digest of unread messages, the unsubscribe footer
 * every notification mail carries, and the /unsubscribe page. German only: the spec has no such screen.
 */

/** What a user switches off by e-mail, as the footer and the page name it ("… zu <kind> abbestellen"). */
const KIND_NAMES: Record<NotificationKind, string> = {
  messages: "ungelesenen Nachrichten",
  reviews: "Bewertungen und Kommentaren",
  tickets: "Support-Anfragen",
  orders: "Aufträgen",
  saved_searches: "gespeicherten Suchen",
};

export const notificationMailDe = {
  kindName: (kind: NotificationKind) => KIND_NAMES[kind],
  footer: {
    text: (kind: NotificationKind) => `Keine E-Mails mehr zu ${KIND_NAMES[kind]} erhalten? Mit einem Klick abbestellen`,
    link: "E-Mails dieser Art abbestellen",
    hint: (kind: NotificationKind) => `Sie erhalten diese E-Mail, weil E-Mails zu ${KIND_NAMES[kind]} in Ihrem Konto eingeschaltet sind.`,
  },
  digest: {
    subject: (n: number) => (n === 1 ? "1 ungelesene Nachricht" : `${n} ungelesene Nachrichten`),
    intro: (n: number, conversations: number) =>
      n === 1
        ? "Sie haben eine ungelesene Nachricht:"
        : conversations === 1
          ? `Sie haben ${n} ungelesene Nachrichten:`
          : `Sie haben ${n} ungelesene Nachrichten in ${conversations} Unterhaltungen:`,
    count: (n: number) => (n === 1 ? "1 neue Nachricht" : `${n} neue Nachrichten`),
    from: (name: string) => `von ${name}`,
    about: (title: string) => `zu „${title}“`,
    order: (title: string) => `zum Auftrag „${title}“`,
    open: "Unterhaltung öffnen",
    more: (n: number) => (n === 1 ? "und 1 weitere Unterhaltung" : `und ${n} weitere Unterhaltungen`),
    file: (name: string) => `Datei: ${name}`,
    note: "Wir fassen ungelesene Nachrichten höchstens einmal pro Stunde zusammen. Nachrichten, die Sie inzwischen gelesen haben, erwähnen wir nicht.",
  },
  review: {
    subject: (title: string) => `Neue Bewertung für „${title}“`,
    text: (message: string, review: string | null) => (review ? `${message}\n\n„${review}“` : message),
    button: "Bewertung ansehen",
    note: "Auf der Seite Ihrer Dienstleistung können Sie jede Bewertung einmal öffentlich beantworten.",
  },
  comment: {
    subject: (title: string) => `Neuer Kommentar zu „${title}“`,
    text: (message: string, comment: string) => `${message}\n\n„${comment}“`,
    button: "Kommentar ansehen",
    note: "Kommentare sind auf der Seite Ihrer Dienstleistung für alle sichtbar.",
  },
  page: {
    title: "E-Mails abbestellen",
    confirm: (kind: NotificationKind) => `Möchten Sie keine E-Mails mehr zu ${KIND_NAMES[kind]} erhalten?`,
    confirmHint: "Hinweise im Marktplatz (die Glocke) bleiben, wie sie sind. Andere E-Mails, etwa zur Anmeldung, erhalten Sie weiterhin.",
    submit: "E-Mails abbestellen",
    busy: "Bitte warten...",
    doneTitle: "E-Mails abbestellt",
    done: (kind: NotificationKind) => `Sie erhalten keine E-Mails mehr zu ${KIND_NAMES[kind]}.`,
    doneHint: "Sie können das jederzeit in Ihrem Profil unter „Benachrichtigungseinstellungen“ wieder einschalten.",
    invalidTitle: "Link ungültig",
    invalid:
      "Dieser Abmeldelink ist ungültig oder unvollständig. Bitte öffnen Sie den Link aus der E-Mail vollständig, oder ändern Sie Ihre Einstellungen im Profil unter „Benachrichtigungseinstellungen“.",
    toProfile: "Zum Profil",
    toStart: "Zur Startseite",
  },
} as const;
