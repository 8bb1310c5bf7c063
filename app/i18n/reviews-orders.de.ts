/**
 * Texts of verified reviews and the provider's replies (issue #15, "Reviews that mean something").
 * German only: the spec has neither.
 */
export const reviewsOrdersDe = {
  /** The badge of a review whose author has a completed order of the service. */
  verified: "Verifizierter Auftrag",
  /**
   * How reviews are checked (EU Omnibus directive, § 5b Abs. 3 UWG). It says exactly what
   * `listReviews` computes: a completed order of the reviewer for this service; nothing else is checked.
   */
  howChecked:
    "Bewertungen mit „Verifizierter Auftrag“ stammen von Kunden, die diese Dienstleistung über den Marktplatz beauftragt haben und deren Auftrag abgeschlossen ist; andere Bewertungen prüfen wir nicht.",
  reply: {
    heading: "Antwort des Anbieters",
    edited: "bearbeitet",
    open: "Antworten",
    openEdit: "Antwort bearbeiten",
    /** Read after "Antworten" by screen readers only. */
    forReview: (name: string) => ` (Bewertung von ${name})`,
    label: "Ihre Antwort auf diese Bewertung",
    hint: "Ihre Antwort erscheint öffentlich unter der Bewertung (höchstens 1.000 Zeichen). Sie können sie jederzeit bearbeiten.",
    placeholder: "Bedanken Sie sich oder gehen Sie sachlich auf die Kritik ein.",
    submit: "Antwort veröffentlichen",
    update: "Antwort speichern",
    remove: "Antwort löschen",
    saved: "Antwort veröffentlicht",
    updated: "Antwort gespeichert",
    removed: "Antwort gelöscht",
    error: "Antwort konnte nicht gespeichert werden",
    removeError: "Antwort konnte nicht gelöscht werden",
    required: "Bitte schreiben Sie eine Antwort.",
    tooLong: "Eine Antwort darf höchstens 1.000 Zeichen lang sein.",
    count: (n: number) => `${n.toLocaleString("de-DE")} / 1.000 Zeichen`,
    notificationTitle: "Antwort auf Ihre Bewertung",
    notificationMessage: (name: string, title: string) => `${name} hat auf Ihre Bewertung von „${title}“ geantwortet.`,
  },
  /**
   * The author's own review after moderation removed it (ADR 023): shown instead of the review
   * form, and the refusal of an edit. The objection goes through the decision, not a new text.
   */
  removedOwn: {
    title: "Ihre Bewertung wurde von unserer Moderation entfernt",
    text: "Sie kann nicht mehr geändert werden; andere Personen sehen sie nicht. Die Begründung und die Möglichkeit zu widersprechen finden Sie unter „Entscheidungen zu meinen Inhalten“.",
  },
  /** Words for the refusals of reviews and replies (app/lib/errors.ts). */
  errors: {
    review_removed:
      "Ihre Bewertung wurde von unserer Moderation entfernt und kann nicht mehr geändert werden. Die Begründung und die Möglichkeit zu widersprechen finden Sie unter „Entscheidungen zu meinen Inhalten“.",
    review_not_found: "Diese Bewertung gibt es nicht mehr.",
    reply_not_service_owner: "Nur der Anbieter dieser Dienstleistung kann auf ihre Bewertungen antworten.",
  },
};
