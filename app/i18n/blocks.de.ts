/**
 * Texts of blocking a user (issue #19, ADR 024): the confirmation, the conversation's notice, the
 * profile section and the refusals. The blocked person only ever reads the neutral refusals.
 */
export const blocksDe = {
  block: "Blockieren",
  blockPerson: (name: string) => `${name} blockieren`,
  unblock: "Blockierung aufheben",
  unblockPerson: (name: string) => `Blockierung aufheben: ${name}`,
  confirm: {
    title: (name: string) => `${name} blockieren?`,
    text: "Diese Person kann Ihnen dann keine Nachrichten mehr schreiben, keine neue Unterhaltung mit Ihnen beginnen und Ihre Dienstleistungen nicht beauftragen. Sie erfährt nicht, dass Sie sie blockiert haben. Solange die Blockierung besteht, können auch Sie ihr nicht schreiben.",
    orders: "Laufende Aufträge zwischen Ihnen werden wie vereinbart zu Ende geführt; ihre Auftrags-Chats bleiben bis dahin offen.",
    submit: "Blockieren",
    cancel: "Abbrechen",
    close: "Schließen",
    alreadyBlocked: (name: string) => `Sie haben ${name} blockiert.`,
    back: "Zurück",
  },
  pageTitle: "Nutzer blockieren",
  blocked: "Nutzer blockiert",
  blockedText: (name: string) => `${name} kann Ihnen nicht mehr schreiben. Sie können die Blockierung in Ihrem Profil aufheben.`,
  unblocked: "Blockierung aufgehoben",
  unblockedText: (name: string) => `Sie und ${name} können einander wieder schreiben.`,
  failed: "Das hat nicht geklappt",
  conversation: {
    notice: (name: string) => `Sie haben ${name} blockiert. Sie können einander nicht schreiben.`,
    orderNotice: (name: string) =>
      `Sie haben ${name} blockiert. Dieser Auftrag läuft weiter: Bis er abgeschlossen ist, können Sie hier beide schreiben.`,
  },
  profile: {
    heading: "Blockierte Nutzer",
    intro: "Blockierte Personen können Ihnen nicht schreiben und Ihre Dienstleistungen nicht beauftragen. Sie erfahren nicht, dass Sie sie blockiert haben.",
    empty: "Sie haben niemanden blockiert.",
    since: (date: string) => `blockiert seit ${date}`,
  },
  publicProfile: {
    notice: "Sie haben diese Person blockiert.",
  },
  /** What the refusals say (app/i18n/errors.de.ts); the blocked person's words name no block. */
  errors: {
    block_self: "Sie können sich nicht selbst blockieren.",
    block_user_not_found: "Diese Person gibt es nicht.",
    block_not_found: "Diese Person ist nicht von Ihnen blockiert.",
    message_undeliverable: "Die Nachricht konnte nicht gesendet werden.",
    blocked_by_you: "Sie haben diese Person blockiert. Heben Sie die Blockierung auf, um ihr zu schreiben.",
    order_undeliverable: "Der Auftrag konnte nicht übermittelt werden.",
    order_blocked_by_you: "Sie haben diese Person blockiert. Heben Sie die Blockierung auf, um sie zu beauftragen.",
  },
} as const;
