/**
 * Texts of support tickets as conversations (issue #18, ADR 022): the ticket page with its
 * replies, the staff filters, the card's reply count, the notifications and the reply mail.
 * German only: the spec has no such screens. The spec's own /support texts stay in de.support.
 */
export const ticketsDe = {
  page: {
    metaDescription: "Ein Support-Ticket mit allen Antworten.",
    back: "Alle Tickets",
    conversation: "Verlauf",
    you: "Sie",
    supportLabel: "Support",
    reopened: "Mit dieser Antwort wurde das Ticket wieder geöffnet.",
    /** A status change in the conversation: "Status geändert auf „Erledigt“ von Support, 23.11.2026, 17:05". */
    statusChanged: (status: string) => `Status geändert auf „${status}“`,
    statusChangedBy: (name: string | null) => (name ? `von Support (${name})` : "von Support"),
  },
  reply: {
    heading: "Antwort schreiben",
    label: "Ihre Antwort",
    placeholder: "Schreiben Sie Ihre Antwort …",
    charactersLeft: (n: number) => `Noch ${n} Zeichen`,
    file: "Datei anhängen (optional)",
    removeFile: "Datei entfernen",
    fileHint: "Bilder (JPG, PNG, GIF, WebP), PDF oder Textdateien, höchstens 10 MB.",
    submit: "Antwort senden",
    submitting: "Wird gesendet …",
    sent: "Antwort gesendet",
    sendError: "Antwort nicht gesendet",
    reopenHint: "Dieses Ticket ist erledigt. Wenn Sie antworten, wird es wieder geöffnet.",
    empty: "Bitte schreiben Sie eine Antwort oder hängen Sie eine Datei an.",
    tooLong: "Die Antwort darf höchstens 5.000 Zeichen lang sein.",
    fileTooLarge: "Die Datei ist zu groß: Sie darf höchstens 10 MB groß sein.",
    fileType: "Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF und Textdateien.",
    tooManyFiles: "Bitte hängen Sie nur eine Datei an.",
    uploadFailed: "Die Datei konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.",
    rateLimited: "Sie haben gerade sehr viele Antworten geschrieben. Bitte warten Sie einen Moment.",
    dailyFiles: "Sie haben heute schon sehr viele Dateien hochgeladen. Bitte versuchen Sie es morgen erneut.",
  },
  card: {
    replies: (n: number) => (n === 0 ? "Noch keine Antworten" : n === 1 ? "1 Antwort" : `${n} Antworten`),
    lastActivity: (date: string) => `Letzte Aktivität: ${date}`,
    open: "Verlauf öffnen",
  },
  status: {
    /** The status form's button: choosing a status saves nothing, this button does (with or without JavaScript). */
    save: "Status speichern",
    saving: "Wird gespeichert …",
  },
  filters: {
    label: "Tickets filtern",
    status: "Status",
    allStatuses: "Alle",
    search: "Suche",
    searchPlaceholder: "Betreff, Name oder E-Mail",
    apply: "Filtern",
    reset: "Filter zurücksetzen",
    results: (n: number) => (n === 1 ? "1 Ticket gefunden" : `${n} Tickets gefunden`),
  },
  notification: {
    staffReplyTitle: "Neue Antwort vom Support",
    staffReplyMessage: (subject: string) => `Der Support hat auf Ihr Ticket „${subject}“ geantwortet.`,
    authorReplyTitle: "Neue Antwort auf ein Ticket",
    authorReplyMessage: (name: string, subject: string) => `${name} hat auf das Ticket „${subject}“ geantwortet.`,
    reopenedTitle: "Ticket wieder geöffnet",
    reopenedMessage: (name: string, subject: string) => `${name} hat auf das erledigte Ticket „${subject}“ geantwortet; es ist wieder offen.`,
  },
  mail: {
    subject: "Neue Antwort vom Support",
    text: (subject: string, excerpt: string) => `der Support hat auf Ihr Ticket „${subject}“ geantwortet:\n\n${excerpt}`,
    fileOnly: (name: string) => `(Datei: ${name})`,
    button: "Ticket öffnen",
    note: "Sie erhalten diese E-Mail, weil Sie ein Support-Ticket erstellt haben. E-Mails zu Support-Anfragen können Sie in Ihrem Profil unter den Benachrichtigungseinstellungen abschalten.",
  },
};
