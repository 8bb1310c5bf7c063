import type { DecisionGround, DecisionKind, IllegalCategory, ReportItemKind } from "~/db/schema/moderation";
import { moderationPublicDe as shared } from "./moderation-public.de";

/** A reported item in the statement's sentences: "Wir haben …" (accusative), "zu …" (dative), "wegen …" (genitive). */
export interface ItemWhat {
  accusative: string;
  dative: string;
  genitive: string;
}

const ITEM_CASES: Record<ReportItemKind, [accusative: string, dative: string, genitive: string]> = {
  service: ["Ihre Dienstleistung", "Ihrer Dienstleistung", "Ihrer Dienstleistung"],
  review: ["Ihre Bewertung", "Ihrer Bewertung", "Ihrer Bewertung"],
  comment: ["Ihren Kommentar", "Ihrem Kommentar", "Ihres Kommentars"],
  profile: ["Ihr Profil", "Ihrem Profil", "Ihres Profils"],
  message: ["Ihre Nachricht", "Ihrer Nachricht", "Ihrer Nachricht"],
};

/** Reporting content and moderation (DSA notice and action, ADR 023). German only: the spec has no such screens. */
export const moderationDe = {
  report: {
    link: shared.link,
    linkLabel: shared.linkLabel,
    title: "Inhalt melden",
    metaDescription: "Melden Sie rechtswidrige Inhalte oder Verstöße gegen die Nutzungsbedingungen.",
    intro:
      "Sie halten diesen Inhalt für rechtswidrig oder für einen Verstoß gegen unsere Nutzungsbedingungen? Beschreiben Sie, was Sie beanstanden. Wir prüfen jede Meldung und teilen Ihnen das Ergebnis mit, wenn wir Sie erreichen können.",
    itemHeading: "Gemeldeter Inhalt",
    reasonLegend: "Grund der Meldung",
    reasonIllegal: "Rechtswidriger Inhalt",
    reasonTerms: "Verstoß gegen die Nutzungsbedingungen",
    categoryLabel: "Art des rechtswidrigen Inhalts",
    categoryPlaceholder: "Bitte wählen …",
    explanationLabel: "Begründung",
    explanationHint: (max: number) => `Erklären Sie möglichst genau, warum der Inhalt rechtswidrig ist oder gegen die Nutzungsbedingungen verstößt (höchstens ${max} Zeichen).`,
    nameLabel: "Ihr Name (freiwillig)",
    emailLabel: "Ihre E-Mail-Adresse (freiwillig)",
    contactHint: "Mit einer E-Mail-Adresse bestätigen wir Ihnen den Eingang und teilen Ihnen unsere Entscheidung mit.",
    goodFaith: "Mit dem Absenden bestätigen Sie, dass Ihre Angaben nach bestem Wissen richtig und vollständig sind.",
    submit: "Meldung absenden",
    back: "Zurück",
    sent: "Vielen Dank, Ihre Meldung ist eingegangen.",
    sentText: "Wir prüfen den Inhalt so schnell wie möglich. Über unsere Entscheidung informieren wir Sie, wenn wir Sie erreichen können.",
    sentMail: "Eine Bestätigung haben wir Ihnen per E-Mail geschickt.",
    backToItem: "Zurück zum Inhalt",
    reasonRequired: "Bitte wählen Sie einen Grund.",
    categoryRequired: "Bitte wählen Sie die Art des rechtswidrigen Inhalts.",
    explanationRequired: "Bitte begründen Sie Ihre Meldung.",
    explanationTooLong: (max: number) => `Die Begründung darf höchstens ${max} Zeichen lang sein.`,
    nameTooLong: "Der Name darf höchstens 100 Zeichen lang sein.",
    emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    duplicate: "Sie haben diesen Inhalt bereits gemeldet. Wir prüfen Ihre Meldung und melden uns, sobald wir entschieden haben.",
    rateLimited: "Sie haben in kurzer Zeit sehr viele Meldungen abgeschickt. Bitte versuchen Sie es später noch einmal.",
    notFound: "Diesen Inhalt gibt es nicht (mehr), oder Sie können ihn nicht melden.",
    mailSubject: "Ihre Meldung ist eingegangen",
    mailText: (item: string) =>
      `vielen Dank für Ihre Meldung zu „${item}“. Sie ist bei uns eingegangen; wir prüfen den Inhalt und teilen Ihnen unsere Entscheidung mit.`,
    mailButton: "Zu den Nutzungsbedingungen",
    mailNote: "Sie erhalten diese E-Mail, weil Sie einen Inhalt auf unserem Marktplatz gemeldet haben.",
  },
  kinds: shared.kinds,
  categories: {
    fraud: "Betrug oder Täuschung",
    hate: "Hassrede, Beleidigung oder Diskriminierung",
    violence: "Gewalt, Bedrohung oder Terrorismus",
    minors: "Gefährdung von Minderjährigen",
    privacy: "Verletzung der Privatsphäre oder Datenschutzverstoß",
    ip: "Verletzung von Urheber-, Marken- oder anderen Schutzrechten",
    consumer: "Verstoß gegen Verbraucherschutzrecht",
    unsafe_products: "Gefährliche oder verbotene Waren und Dienstleistungen",
    other: "Sonstiger rechtswidriger Inhalt",
  } satisfies Record<IllegalCategory, string>,
  decisionKinds: {
    dismiss: "Meldung zurückgewiesen",
    remove: "Inhalt entfernt",
    suspend: "Konto gesperrt",
    restore: "Wiederhergestellt",
    confirm: "Entscheidung bestätigt",
  } satisfies Record<DecisionKind, string>,
  grounds: {
    law: "Rechtswidriger Inhalt (gesetzliche Grundlage)",
    terms: "Verstoß gegen die Nutzungsbedingungen",
  } satisfies Record<DecisionGround, string>,
  statuses: { open: "Offen", decided: "Entschieden", objected: "Widerspruch" },
  queue: {
    title: "Moderation",
    metaTitle: "Moderation",
    intro: "Gemeldete Inhalte, nach Inhalt zusammengefasst, die neuesten zuerst. Jede Entscheidung braucht eine Begründung; die Betroffenen erhalten sie als Begründung nach Art. 17 DSA.",
    empty: "Keine offenen Meldungen. Gut gemacht!",
    reports: (n: number) => (n === 1 ? "1 Meldung" : `${n} Meldungen`),
    open: "Fall öffnen",
    showDecided: "Entschiedene Fälle zeigen",
    showOpen: "Offene Fälle zeigen",
    decidedTitle: "Entschiedene Fälle",
    decidedEmpty: "Noch keine entschiedenen Fälle.",
    nav: shared.nav,
  },
  case: {
    title: (kind: string) => `Fall: ${kind}`,
    back: "Zur Moderation",
    itemHeading: "Inhalt, wie ihn die verfassende Person sieht",
    itemGone: "Der Inhalt wurde inzwischen gelöscht.",
    author: "Verfasst von",
    authorGone: "Konto gelöscht",
    removedNote: "Entfernt",
    suspendedNote: "Konto gesperrt",
    reportsHeading: "Meldungen",
    reportBy: (who: string) => `von ${who}`,
    anonymous: "ohne Namen",
    signedInReporter: "angemeldete Person",
    historyHeading: "Verlauf",
    historyEmpty: "Noch keine Entscheidung.",
    decideHeading: "Entscheiden",
    kindLabel: "Entscheidung",
    groundLabel: "Grundlage",
    reasonLabel: "Begründung (Sachverhalt und Gründe)",
    reasonHint: "Diese Begründung erhält die betroffene Person wörtlich.",
    reasonRequired: "Bitte begründen Sie die Entscheidung.",
    reasonTooLong: (max: number) => `Die Begründung darf höchstens ${max} Zeichen lang sein.`,
    kindRequired: "Bitte wählen Sie eine Entscheidung.",
    submit: "Entscheidung speichern",
    saved: "Die Entscheidung ist gespeichert; die Beteiligten wurden informiert.",
    objectionHeading: "Widerspruch",
    objectionBy: "Widerspruch der betroffenen Person",
    audit: {
      report: "Meldung eingegangen",
      decision: (kind: string) => `Entscheidung: ${kind}`,
      objection: "Widerspruch eingelegt",
    },
    actor: (name: string) => `durch ${name}`,
    actorGone: "durch ein gelöschtes Konto",
    actorAnonymous: "ohne Konto",
    options: {
      dismiss: "Meldungen zurückweisen (nichts ändern)",
      remove: "Inhalt entfernen",
      suspend: "Konto der verfassenden Person sperren",
      restore: "Wiederherstellen (Entscheidung aufheben)",
      confirm: "Entscheidung nach Widerspruch bestätigen",
    } satisfies Record<DecisionKind, string>,
  },
  statement: {
    /** The in-app notification and the mail to the affected user (DSA art. 17). */
    subject: "Entscheidung zu Ihren Inhalten",
    notificationTitle: "Entscheidung zu Ihren Inhalten",
    /** `what`: the item with "Ihr …" in the case each sentence needs (itemWhat). */
    decided: (what: ItemWhat, kind: DecisionKind) =>
      ({
        dismiss: `Zu ${what.dative} ist eine Meldung eingegangen; wir haben entschieden, nichts zu ändern.`,
        remove: `Wir haben ${what.accusative} entfernt. Andere Personen sehen den Inhalt nicht mehr.`,
        suspend: `Wir haben Ihr Konto wegen ${what.genitive} gesperrt. Sie können Ihr Konto nicht mehr nutzen; Ihre Dienstleistungen werden nicht mehr angezeigt. Ihre Daten können Sie weiterhin herunterladen und Ihr Konto löschen: Melden Sie sich dazu wie gewohnt an.`,
        restore: `Wir haben unsere Entscheidung zu ${what.dative} aufgehoben und alles wiederhergestellt.`,
        confirm: `Wir haben Ihren Widerspruch geprüft und unsere Entscheidung zu ${what.dative} bestätigt.`,
      })[kind],
    ground: (ground: string) => `Grundlage: ${ground}.`,
    facts: (reason: string) => `Sachverhalt und Gründe: ${reason}`,
    automation: "Die Entscheidung hat ein Mensch getroffen; automatisierte Mittel wurden dafür nicht eingesetzt.",
    howToObject:
      "Sie können dieser Entscheidung einmal widersprechen: über den Link unten oder unter „Entscheidungen zu meinen Inhalten“. Außerdem stehen Ihnen eine zertifizierte außergerichtliche Streitbeilegungsstelle (Art. 21 DSA) und der Rechtsweg offen.",
    /** The same on the decision's page, where the objection form follows the statement. */
    howToObjectOnPage:
      "Sie können dieser Entscheidung einmal widersprechen: über das Formular unten. Außerdem stehen Ihnen eine zertifizierte außergerichtliche Streitbeilegungsstelle (Art. 21 DSA) und der Rechtsweg offen.",
    finalNote: "Gegen diese Entscheidung stehen Ihnen eine zertifizierte außergerichtliche Streitbeilegungsstelle (Art. 21 DSA) und der Rechtsweg offen.",
    button: "Entscheidung ansehen",
    note: "Diese Begründung senden wir nach Art. 17 des Gesetzes über digitale Dienste (DSA).",
    /** "Ihre Dienstleistung „Logo“", "Ihren Kommentar", "wegen Ihres Profils": article and noun as German declines them. */
    itemWhat: (kind: ReportItemKind, summary: string): ItemWhat => {
      const quoted = summary ? ` „${summary}“` : "";
      const [accusative, dative, genitive] = ITEM_CASES[kind];
      return { accusative: accusative + quoted, dative: dative + quoted, genitive: genitive + quoted };
    },
  },
  outcome: {
    subject: "Ergebnis Ihrer Meldung",
    notificationTitle: "Ergebnis Ihrer Meldung",
    /** A sentence of its own (the in-app notification); the mail goes on from "Hallo …," with "wir". */
    text: (item: string, kind: DecisionKind) =>
      ({
        dismiss: `Wir haben Ihre Meldung zu „${item}“ geprüft. Nach unserer Prüfung verstößt der Inhalt weder gegen Gesetze noch gegen unsere Nutzungsbedingungen; er bleibt online.`,
        remove: `Wir haben Ihre Meldung zu „${item}“ geprüft und den Inhalt entfernt.`,
        suspend: `Wir haben Ihre Meldung zu „${item}“ geprüft und das Konto der verfassenden Person gesperrt.`,
        restore: `Wir haben unsere Entscheidung zu „${item}“ nach einem Widerspruch geprüft und aufgehoben; der Inhalt ist wieder sichtbar.`,
        confirm: `Wir haben unsere Entscheidung zu „${item}“ nach einem Widerspruch geprüft und bestätigt.`,
      })[kind],
    reason: (reason: string) => `Begründung: ${reason}`,
    remedies: "Wenn Sie mit der Entscheidung nicht einverstanden sind, können Sie uns unter meldungen@marktplatz.example schreiben; außerdem stehen Ihnen eine außergerichtliche Streitbeilegungsstelle (Art. 21 DSA) und der Rechtsweg offen.",
    button: "Zum Marktplatz",
    note: "Sie erhalten diese E-Mail, weil Sie einen Inhalt auf unserem Marktplatz gemeldet haben.",
  },
  mine: {
    title: "Entscheidungen zu meinen Inhalten",
    intro: "Hier sehen Sie jede Entscheidung unserer Moderation zu Ihren Inhalten mit ihrer Begründung. Einer Entfernung oder Sperrung können Sie einmal widersprechen; wir prüfen den Fall dann erneut.",
    empty: "Zu Ihren Inhalten gibt es keine Entscheidungen.",
    decidedAt: (date: string) => `Entschieden am ${date}`,
    objectLabel: "Ihr Widerspruch",
    objectHint: (max: number) => `Erklären Sie, warum die Entscheidung falsch ist (höchstens ${max} Zeichen).`,
    objectSubmit: "Widerspruch einlegen",
    objectRequired: "Bitte begründen Sie Ihren Widerspruch.",
    objectTooLong: (max: number) => `Der Widerspruch darf höchstens ${max} Zeichen lang sein.`,
    objected: (date: string) => `Sie haben am ${date} widersprochen.`,
    objectedSaved: "Ihr Widerspruch ist eingegangen. Wir prüfen den Fall erneut und teilen Ihnen das Ergebnis mit.",
    openItem: "Inhalt ansehen",
    nav: "Entscheidungen zu meinen Inhalten",
  },
  removedBanner: shared.removedBanner,
  messageRemoved: shared.messageRemoved,
  suspendedSignIn:
    "Ihr Konto ist gesperrt. Die Begründung und einen Link, mit dem Sie widersprechen können, haben wir Ihnen per E-Mail geschickt.",
  errors: {
    caseNotFound: "Diesen Fall gibt es nicht.",
    decisionNotAllowed: "Diese Entscheidung ist in diesem Fall nicht möglich.",
    objectionNotAllowed: "Dieser Entscheidung können Sie nicht (mehr) widersprechen.",
  },
} as const;
