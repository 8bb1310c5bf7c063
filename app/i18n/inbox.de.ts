/**
 * Texts of the inbox (issue #18): the switch between the two chat views, the unread mark on the
 * phone menu button, grouped message notifications and the notification settings on the profile.
 * German only: the spec has none of these. A module of its own so the shell ships only these.
 */
export const inboxDe = {
  views: {
    label: "Posteingang",
    service: "Zu Angeboten",
    live: "Direktchats",
    unread: (n: number) => (n === 1 ? "1 ungelesene Nachricht" : `${n} ungelesene Nachrichten`),
  },
  menu: {
    /** Appended to the menu button's name while something is unread. */
    unread: (n: number) => `, ${n > 99 ? "über 99" : n} ungelesen`,
  },
  notifications: {
    grouped: (count: number, name: string) => `${count} neue Nachrichten von ${name}`,
    /** What a chat is about, after the sender: two chats with one person (two services) read apart. */
    about: (title: string) => `zu „${title}“`,
    aboutOrder: (title: string) => `zum Auftrag „${title}“`,
  },
  settings: {
    // A soft hyphen: on a phone the word breaks between its parts, with a hyphen, where a browser
    // without German hyphenation broke it anywhere ("Benachrichtigungseinst-ellungen").
    heading: "Benachrichtigungs\u00ADeinstellungen",
    intro: "Wählen Sie für jede Art von Benachrichtigung, ob Sie sie hier im Marktplatz (Glocke) und per E-Mail erhalten möchten.",
    kind: "Art",
    inApp: "Im Marktplatz",
    email: "Per E-Mail",
    checkbox: (kind: string, channel: string) => `${kind}: ${channel}`,
    save: "Einstellungen übernehmen",
    saving: "Wird gespeichert…",
    saved: "Einstellungen gespeichert",
    savedText: "Ihre Benachrichtigungseinstellungen wurden übernommen.",
    saveError: "Einstellungen nicht gespeichert",
    invalid: "Diese Auswahl kennen wir nicht. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
  },
};
