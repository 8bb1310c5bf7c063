/**
 * Texts of /benachrichtigungen, the page of one's notifications (German only: the spec has the
 * bell's popover, whose texts are in public.de.ts, not this page).
 */
export const notificationsPageDe = {
  title: "Benachrichtigungen",
  metaDescription: "Ihre Benachrichtigungen auf dem Dienstleister-Marktplatz.",
  intro: "Ihre letzten 50 Benachrichtigungen. Ein Klick öffnet, worum es geht, und markiert sie als gelesen.",
  markAllRead: "Alle als gelesen markieren",
  allRead: "Alle Benachrichtigungen sind gelesen.",
  markedAllRead: "Alle Benachrichtigungen als gelesen markiert",
  unreadCount: (n: number) => (n === 1 ? "1 ungelesen" : `${n.toLocaleString("de-DE")} ungelesen`),
  settings: "Einstellungen für Benachrichtigungen",
  /** The popover's way to this page. */
  showAll: "Alle Benachrichtigungen",
} as const;
