/**
 * Every user-facing text of the product, keyed by feature. The spec's texts
 * are reproduced verbatim (its mix of German and English is intended).
 * Long legal documents live in ./legal.de.ts.
 */
export const de = {
  app: {
    name: "Dienstleister-Marktplatz",
    shortName: "Marktplatz",
    description:
      "Der Marktplatz für professionelle Dienstleistungen: Webentwicklung, Design, Texte, Marketing, Beratung und Weiterbildung von geprüften Anbietern finden, vergleichen und direkt anfragen.",
    keywords:
      "Dienstleistungen, Freelancer, Marktplatz, Webentwicklung, Design, Marketing, Beratung, Texte, Weiterbildung, Anbieter finden",
    skipToContent: "Zum Inhalt springen",
  },
  nav: {
    label: "Hauptnavigation",
    home: "Start",
    services: "Dienstleistungen",
    support: "Support",
    createService: "Dienstleistung erstellen",
    chats: "Chats",
    dashboard: "Dashboard",
    profile: "Profil",
    signIn: "Anmelden",
    signOut: "Abmelden",
    openMenu: "Menü öffnen",
    closeMenu: "Menü schließen",
    newMessages: (n: number) => (n === 1 ? "1 neue Nachricht" : `${n} neue Nachrichten`),
  },
  theme: {
    toLight: "Helles Design verwenden",
    toDark: "Dunkles Design verwenden",
  },
  footer: {
    label: "Rechtliches",
    imprint: "Impressum",
    privacy: "Datenschutz",
    terms: "Nutzungsbedingungen",
    tagline: "Professionelle Dienstleistungen finden und anbieten.",
    copyright: (year: number) => `© ${year} Dienstleister-Marktplatz GmbH`,
  },
  cookie: {
    title: "Cookie-Hinweis",
    text: "Wir verwenden technisch notwendige Cookies, damit Anmeldung und Einstellungen funktionieren. Mit Ihrer Zustimmung speichern wir außerdem Ihre Präferenzen. Details finden Sie in der",
    privacyLink: "Datenschutzerklärung",
    accept: "Akzeptieren",
    decline: "Ablehnen",
  },
  landing: {
    title: "Professionelle Dienstleistungen finden und anbieten",
    eyebrow: "Der Marktplatz für Profis",
    headline: "Finden Sie die richtigen Profis für Ihr Projekt",
    intro:
      "Von der Website über das Logo bis zur Steuerberatung: Vergleichen Sie Angebote geprüfter Anbieter, lesen Sie echte Bewertungen und klären Sie Details direkt im Chat. Als Anbieter präsentieren Sie Ihre Leistungen und behalten Ihre Zahlen im Blick.",
    browse: "Dienstleistungen entdecken",
    createService: "Dienstleistung erstellen",
    toDashboard: "Zum Dashboard",
    getStarted: "Jetzt kostenlos registrieren",
    featuresHeading: "Alles, was Sie für erfolgreiche Aufträge brauchen",
    features: [
      {
        key: "quality",
        title: "Qualitätsdienstleistungen",
        text: "Geprüfte Anbieter, transparente Preise und ehrliche Bewertungen helfen Ihnen, die passende Leistung zu finden.",
      },
      {
        key: "analytics",
        title: "Analyse-Dashboard",
        text: "Sehen Sie auf einen Blick, wie oft Ihr Profil und Ihre Angebote aufgerufen und wie sie bewertet werden.",
      },
      {
        key: "revenue",
        title: "Umsatzverfolgung",
        text: "Behalten Sie Ihre Angebote, Preise und Aufträge im Überblick und erkennen Sie, was sich für Sie lohnt.",
      },
      {
        key: "chat",
        title: "Community-Chat",
        text: "Klären Sie Fragen direkt mit Anbietern und Kunden – in Echtzeit, mit Dateianhängen und Benachrichtigungen.",
      },
    ],
    categoriesHeading: "Beliebte Kategorien",
    categoriesText: "Direkt zu den Angeboten einer Kategorie:",
    ctaHeading: "Bereit für Ihr nächstes Projekt?",
    ctaText: "Stöbern Sie in hunderten Angeboten oder stellen Sie Ihre eigene Dienstleistung in wenigen Minuten ein.",
  },
  notFound: {
    title: "Seite nicht gefunden",
    code: "404",
    text: "Die Seite, die Sie suchen, existiert nicht oder wurde verschoben.",
    back: "Zurück",
    home: "Zur Startseite",
  },
  serverError: {
    title: "Serverfehler",
    code: "500",
    text: "Something went wrong on our end.",
    retry: "Try Again",
    home: "Go Home",
  },
  placeholder: {
    text: "Dieser Bereich wird gerade aufgebaut und steht in Kürze zur Verfügung.",
    back: "Zur Startseite",
  },
  pages: {
    auth: "Anmelden oder registrieren",
    services: "Dienstleistungen",
    serviceDetail: "Dienstleistung",
    serviceEdit: "Dienstleistung bearbeiten",
    createService: "Dienstleistung erstellen",
    dashboard: "Dashboard",
    chats: "Chats",
    liveChat: "Live-Chat",
    profile: "Mein Profil",
    publicProfile: "Profil",
    support: "Support Tickets",
    forgotPassword: "Passwort vergessen",
    resetPassword: "Neues Passwort festlegen",
  },
  auth: {
    cardTitle: "Willkommen beim Marktplatz",
    cardDescription: "Melden Sie sich an oder erstellen Sie kostenlos ein Konto.",
    tabSignIn: "Anmelden",
    tabSignUp: "Registrieren",
    email: "E-Mail",
    emailPlaceholder: "name@beispiel.de",
    password: "Passwort",
    firstName: "Vorname",
    lastName: "Nachname",
    forgotLink: "Passwort vergessen?",
    signInSubmit: "Anmelden",
    signUpSubmit: "Konto erstellen",
    busy: "Bitte warten...",
    passwordHint: "Das Passwort muss mindestens 6 Zeichen lang sein",
    termsBefore: "Ich akzeptiere die ",
    termsLink: "Nutzungsbedingungen",
    termsBetween: " und die ",
    privacyLink: "Datenschutzerklärung",
    termsAfter: ".",
    newTab: "(öffnet in neuem Tab)",
    termsRequired:
      "Sie müssen die Nutzungsbedingungen und Datenschutzerklärung akzeptieren, um sich zu registrieren.",
    checkInboxTitle: "Bitte prüfen Sie Ihr Postfach",
    checkInboxText: (email: string) =>
      `Wir haben einen Bestätigungslink an ${email} gesendet. Öffnen Sie ihn, um Ihr Konto zu aktivieren – danach sind Sie direkt angemeldet.`,
    checkInboxHint: "Keine E-Mail erhalten? Prüfen Sie auch den Spam-Ordner oder lassen Sie sie sich erneut senden.",
    resend: "E-Mail erneut senden",
    resent: "Wir haben Ihnen die E-Mail erneut gesendet.",
    back: "Zurück",
    resendFailed: "E-Mail konnte nicht gesendet werden, bitte versuchen Sie es erneut.",
    notVerifiedResend: "Bestätigungs-E-Mail erneut senden",
    signUpSuccessTitle: "Check your email",
    signUpSuccessText: "We've sent you a confirmation link",
    signUpFailed: "Sign up failed",
    signInFailed: "Sign in failed",
    signedOutTitle: "Signed out",
    signedOutText: "You have been signed out successfully",
    signOutFailed: "Sign out failed",
    signOutError: "An error occurred during sign out",
    verifiedTitle: "E-Mail-Adresse bestätigt",
    verifiedText: "Willkommen! Sie sind jetzt angemeldet.",
    verifyFailedTitle: "Bestätigung fehlgeschlagen",
    verifyFailedText: "Der Bestätigungslink ist ungültig oder abgelaufen. Melden Sie sich an, um einen neuen anzufordern.",
    errors: {
      emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
      emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      passwordRequired: "Bitte geben Sie Ihr Passwort ein.",
      passwordTooShort: "Das Passwort muss mindestens 6 Zeichen lang sein",
      passwordTooLong: "Das Passwort darf höchstens 128 Zeichen lang sein.",
      firstNameRequired: "Bitte geben Sie Ihren Vornamen ein.",
      lastNameRequired: "Bitte geben Sie Ihren Nachnamen ein.",
      nameTooLong: "Namen dürfen höchstens 50 Zeichen lang sein.",
      invalidCredentials: "E-Mail oder Passwort ist falsch.",
      emailNotVerified:
        "Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte öffnen Sie den Link aus unserer E-Mail, um Ihr Konto zu aktivieren.",
      rateLimited: "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
      generic: "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
    },
  },
  forgotPassword: {
    title: "Passwort vergessen",
    description: "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.",
    submit: "Link senden",
    sentTitle: "Check Your Email",
    sentAlert: "Email sent! Please check your inbox for the password reset link.",
    sentText: (email: string) => `Falls ein Konto für ${email} existiert, erhalten Sie in Kürze eine E-Mail. Der Link ist eine Stunde gültig.`,
    resend: "Resend Link",
    backToAuth: "Zurück zur Anmeldung",
    failed: "Could not send email, please try again.",
  },
  resetPassword: {
    title: "Neues Passwort festlegen",
    description: "Wählen Sie ein neues Passwort für Ihr Konto. Danach werden Sie überall abgemeldet.",
    newPassword: "Neues Passwort",
    confirmPassword: "Passwort bestätigen",
    submit: "Passwort speichern",
    mismatch: "Passwords do not match",
    tooShort: "Password must be at least 6 characters long",
    tooLong: "Das Passwort darf höchstens 128 Zeichen lang sein.",
    updated: "Password updated",
    updatedText: "Sie können sich jetzt mit Ihrem neuen Passwort anmelden.",
    invalidLinkTitle: "Link ungültig oder abgelaufen",
    invalidLink: "Dieser Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet.",
    requestNew: "Neuen Link anfordern",
  },
  mail: {
    greeting: (name: string) => (name ? `Hallo ${name},` : "Hallo,"),
    signature: "Viele Grüße\nIhr Team vom Dienstleister-Marktplatz",
    verifySubject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    verifyText:
      "vielen Dank für Ihre Registrierung beim Dienstleister-Marktplatz. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Danach sind Sie direkt angemeldet.",
    verifyButton: "E-Mail-Adresse bestätigen",
    verifyExpiry: "Der Link ist 24 Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.",
    resetSubject: "Passwort zurücksetzen",
    resetText: "Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Link legen Sie ein neues Passwort fest.",
    resetButton: "Neues Passwort festlegen",
    resetExpiry: "Der Link ist eine Stunde gültig und kann nur einmal verwendet werden. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail – Ihr Passwort bleibt unverändert.",
    existingSubject: "Registrierungsversuch mit Ihrer E-Mail-Adresse",
    existingText:
      "jemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Konto anzulegen. Sie haben bereits ein Konto. Falls Sie Ihr Passwort vergessen haben, können Sie es hier zurücksetzen:",
    changeEmailSubject: "Bitte bestätigen Sie Ihre neue E-Mail-Adresse",
    changeEmailText: "bitte bestätigen Sie Ihre neue E-Mail-Adresse über den folgenden Link. Erst danach wird die Änderung wirksam.",
  },
  devMail: {
    title: "Postausgang (Entwicklung)",
    description:
      "Ohne SMTP_URL landen alle E-Mails hier statt im echten Postfach. Diese Seite gibt es nur in der lokalen Entwicklungsumgebung.",
    empty: "Noch keine E-Mails versendet.",
    to: "An",
    subject: "Betreff",
    date: "Datum",
    back: "Zurück zum Postausgang",
  },
  legal: {
    backHome: "Zur Startseite",
    onThisPage: "Inhalt",
  },
} as const;

/** The page title shown in the browser tab: "Seite · Dienstleister-Marktplatz". */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${de.app.name}` : `${de.app.name} – ${de.landing.title}`;
}

/**
 * A route's meta tags. React Router replaces the parent's meta with the
 * route's own, so every page states title, description and keywords (the
 * defaults describe the platform) and the link-preview tags.
 */
export function pageMeta(page?: string, description: string = de.app.description, extra: { robots?: string } = {}) {
  const title = pageTitle(page);
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: de.app.keywords },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: de.app.name },
    { property: "og:locale", content: "de_DE" },
    ...(extra.robots ? [{ name: "robots", content: extra.robots }] : []),
  ];
}
