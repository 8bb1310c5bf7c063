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
