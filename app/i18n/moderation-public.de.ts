import type { ReportItemKind } from "~/db/schema/moderation";

/**
 * The few moderation texts the shared parts of public pages show (the "Melden" links, the note
 * on a removed item, the staff's navigation link): kept apart from moderation.de.ts, so the
 * catalogue's pages do not ship the moderation screens' texts (tests/e2e/pages.spec.ts budget).
 */
export const moderationPublicDe = {
  link: "Melden",
  linkLabel: (what: string) => `${what} melden`,
  kinds: {
    service: "Dienstleistung",
    review: "Bewertung",
    comment: "Kommentar",
    profile: "Profil",
    message: "Nachricht",
  } satisfies Record<ReportItemKind, string>,
  removedBanner: {
    title: "Dieser Inhalt wurde von unserer Moderation entfernt",
    suspendedTitle: "Ihr Konto ist gesperrt; diese Dienstleistung sieht niemand außer Ihnen",
    text: "Nur Sie sehen ihn noch. Die Begründung und die Möglichkeit zu widersprechen finden Sie unter „Entscheidungen zu meinen Inhalten“.",
    link: "Begründung ansehen",
    short: "Von der Moderation entfernt – nur Sie sehen dies.",
  },
  messageRemoved: "Von der Moderation entfernt – nur Sie sehen diese Nachricht.",
  nav: "Moderation",
} as const;
