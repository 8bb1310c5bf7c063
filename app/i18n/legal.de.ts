/**
 * Inhalte der Rechtstexte (Nutzungsbedingungen, Datenschutzerklärung, Impressum,
 * Erklärung zur Barrierefreiheit) als typisierte Daten. Die Darstellung übernehmen die
 * jeweiligen Seitenkomponenten unter /terms, /privacy, /imprint und /barrierefreiheit.
 *
 * Reiner Text: kein HTML, kein Markdown.
 */

export interface LegalBlock {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  updated: string;
  sections: LegalBlock[];
}

const UPDATED = "Stand: Dezember 2024";

const COMPANY = "Dienstleister-Marktplatz GmbH";
const STREET = "Friedrichstraße 123";
const CITY = "10117 Berlin";
const EMAIL_CONTACT = "kontakt@marktplatz.example";
const EMAIL_PRIVACY = "datenschutz@marktplatz.example";
/** Notices of illegal content and the DSA's single point of contact. */
export const EMAIL_NOTICES = "meldungen@marktplatz.example";
const EMAIL_ACCESSIBILITY = "barrierefreiheit@marktplatz.example";
const PHONE = "+49 30 1234567-0";

/* ------------------------------------------------------------------ */
/* Nutzungsbedingungen – /terms                                        */
/* ------------------------------------------------------------------ */

export const termsOfService: LegalDocument = {
  title: "Nutzungsbedingungen (Terms of Service)",
  intro: `Diese Nutzungsbedingungen regeln die Nutzung unseres Marktplatzes für professionelle Dienstleistungen. Bitte lesen Sie sie aufmerksam durch, bevor Sie ein Konto anlegen oder Angebote einstellen.`,
  updated: UPDATED,
  sections: [
    {
      heading: "Geltungsbereich",
      paragraphs: [
        `Diese Nutzungsbedingungen gelten für die Nutzung der Online-Plattform der ${COMPANY}, ${STREET}, ${CITY} (im Folgenden „Plattform“ oder „wir“), durch alle registrierten und nicht registrierten Nutzerinnen und Nutzer.`,
        "Abweichende oder ergänzende Bedingungen von Nutzern werden nicht Vertragsbestandteil, es sei denn, wir stimmen ihrer Geltung ausdrücklich schriftlich zu.",
      ],
    },
    {
      heading: "Rolle der Plattform",
      paragraphs: [
        "Die Plattform bringt Anbieter professioneller Dienstleistungen (im Folgenden „Dienstleister“) und Interessenten (im Folgenden „Kunden“) zusammen. Wir stellen dafür die technische Infrastruktur bereit, etwa Profile, Angebotsseiten, Bewertungen und einen Chat.",
        "Verträge über die angebotenen Dienstleistungen kommen ausschließlich zwischen dem jeweiligen Dienstleister und dem Kunden zustande. Wir werden nicht Vertragspartei dieser Verträge und übernehmen keine Gewähr für die Qualität, Rechtmäßigkeit oder fristgerechte Erbringung der Leistungen.",
        "Für die Erfüllung der Verträge, insbesondere für Leistungserbringung, Zahlung und etwaige Gewährleistungsansprüche, sind allein die jeweiligen Vertragsparteien verantwortlich.",
      ],
    },
    {
      heading: "Aufträge, Rechnungen und Bezahlung",
      paragraphs: [
        "Kunden können eine Dienstleistung über die Schaltfläche „Jetzt beauftragen“ anfragen. Die Anfrage wird verbindlich, wenn der Dienstleister sie annimmt; bis dahin kann der Kunde sie zurückziehen, und der Dienstleister kann sie mit Begründung ablehnen. Der Preis der Dienstleistung zum Zeitpunkt der Anfrage gilt für den Auftrag.",
        "Der Dienstleister liefert über die Auftragsseite. Der Kunde nimmt die Lieferung an oder wünscht Änderungen; reagiert er sieben Tage nach einer Lieferung nicht, gilt der Auftrag als abgeschlossen. Eine Stornierung nach der Annahme ist nur im Einvernehmen der Parteien außerhalb der Plattform möglich.",
        "Mit dem Abschluss stellt die Plattform im Namen und auf Rechnung des Dienstleisters dessen Rechnung aus. Bezahlt wird per Überweisung direkt an den Dienstleister; die Plattform nimmt keine Zahlungen entgegen. Der Dienstleister ist für die Richtigkeit seiner Rechnungsdaten (insbesondere Steuernummer, Umsatzsteuer oder Kleinunternehmerregelung) verantwortlich.",
      ],
    },
    {
      heading: "Registrierung und Nutzerkonto",
      paragraphs: [
        "Für bestimmte Funktionen, etwa das Einstellen von Angeboten, das Verfassen von Bewertungen oder die Nutzung des Chats, ist ein Nutzerkonto erforderlich. Ein Anspruch auf Registrierung besteht nicht.",
        "Bei der Registrierung und der Nutzung Ihres Kontos gelten folgende Pflichten:",
      ],
      list: [
        "Sie müssen mindestens 18 Jahre alt und voll geschäftsfähig sein.",
        "Alle Angaben bei der Registrierung und im Profil müssen wahrheitsgemäß und vollständig sein und sind bei Änderungen zu aktualisieren.",
        "Ihr Passwort ist geheim zu halten und darf nicht an Dritte weitergegeben werden.",
        "Jede Person darf nur ein Konto führen; Konten sind nicht übertragbar.",
        "Besteht der Verdacht, dass Dritte Kenntnis von Ihren Zugangsdaten erlangt haben, ändern Sie bitte umgehend Ihr Passwort und informieren Sie uns.",
      ],
    },
    {
      heading: "Angebote von Dienstleistern",
      paragraphs: [
        "Dienstleister sind für die von ihnen eingestellten Angebote, Beschreibungen, Bilder und Preise selbst verantwortlich. Für Angebote gelten insbesondere folgende Regeln:",
      ],
      list: [
        "Angebote müssen die tatsächlich angebotene Leistung zutreffend, vollständig und nicht irreführend beschreiben.",
        "Preise sind in Euro (EUR) anzugeben und enthalten, soweit anwendbar, die gesetzliche Umsatzsteuer.",
        "Es dürfen keine rechtswidrigen Inhalte und keine Leistungen angeboten werden, deren Erbringung gegen geltendes Recht verstößt.",
        "Inhalte dürfen keine Rechte Dritter verletzen, insbesondere keine Urheber-, Marken- oder Persönlichkeitsrechte.",
        "Dienstleister erfüllen die für sie geltenden gesetzlichen Informations- und Kennzeichnungspflichten in eigener Verantwortung.",
      ],
    },
    {
      heading: "Bewertungen und Kommentare",
      paragraphs: [
        "Nutzer können Angebote bewerten und kommentieren. Bewertungen sollen anderen Nutzern eine verlässliche Orientierung geben und müssen daher auf eigenen, tatsächlichen Erfahrungen beruhen.",
        "Bewertungen und Kommentare müssen ehrlich und sachlich sein. Beleidigungen, Schmähkritik, unwahre Tatsachenbehauptungen, Werbung sowie gekaufte oder gefälschte Bewertungen sind unzulässig.",
        "Wir sind berechtigt, Bewertungen und Kommentare, die gegen diese Nutzungsbedingungen oder geltendes Recht verstoßen, ganz oder teilweise zu entfernen.",
      ],
    },
    {
      heading: "Chat und Nachrichten",
      paragraphs: [
        "Der Chat dient der Kommunikation zwischen Kunden und Dienstleistern im Zusammenhang mit konkreten Anfragen und Angeboten.",
        "Das Versenden von Spam, Massennachrichten, unerwünschter Werbung oder belästigenden Inhalten ist untersagt. Dasselbe gilt für Dateianhänge mit Schadsoftware oder rechtswidrigen Inhalten.",
        "Zum Schutz vor Missbrauch begrenzen wir die Anzahl der Nachrichten, die innerhalb eines bestimmten Zeitraums versendet werden können (Rate Limits). Wird ein Limit erreicht, können vorübergehend keine weiteren Nachrichten gesendet werden.",
      ],
    },
    {
      heading: "Allgemeine Verhaltensregeln und Maßnahmen bei Verstößen",
      paragraphs: [
        "Nutzer dürfen die Plattform nicht missbräuchlich verwenden, insbesondere keine automatisierten Abfragen durchführen, Sicherheitsmechanismen umgehen oder den Betrieb der Plattform stören.",
        "Bei Verstößen gegen diese Nutzungsbedingungen können wir Inhalte entfernen, Funktionen einschränken, Nutzer verwarnen oder Konten vorübergehend oder dauerhaft sperren. Dabei berücksichtigen wir die berechtigten Interessen der Betroffenen und die Schwere des Verstoßes.",
      ],
    },
    {
      heading: "Haftung",
      paragraphs: [
        "Wir haften unbeschränkt für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit sowie für Schäden, die auf Vorsatz oder grober Fahrlässigkeit beruhen. Unberührt bleibt ferner die Haftung nach dem Produkthaftungsgesetz.",
        "Bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten (Pflichten, deren Erfüllung die ordnungsgemäße Nutzung der Plattform überhaupt erst ermöglicht und auf deren Einhaltung Nutzer regelmäßig vertrauen dürfen) ist unsere Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen, soweit das deutsche Recht dies zulässt.",
        "Für die zwischen Dienstleistern und Kunden geschlossenen Verträge sowie für Inhalte, die Nutzer auf der Plattform einstellen, übernehmen wir keine Haftung. Wir bemühen uns um eine möglichst unterbrechungsfreie Verfügbarkeit der Plattform, können diese jedoch nicht garantieren.",
      ],
    },
    {
      heading: "Kündigung und Löschung des Kontos",
      paragraphs: [
        "Sie können Ihr Konto jederzeit ohne Angabe von Gründen selbst löschen. Nutzen Sie dazu in Ihrem Profil die Funktion „Konto löschen“.",
        "Mit der Löschung werden Ihre personenbezogenen Daten nach Maßgabe unserer Datenschutzerklärung gelöscht oder anonymisiert, soweit keine gesetzlichen Aufbewahrungspflichten entgegenstehen.",
        "Wir können das Nutzungsverhältnis mit einer Frist von vier Wochen ordentlich kündigen. Das Recht beider Seiten zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt.",
      ],
    },
    {
      heading: "Änderungen dieser Nutzungsbedingungen",
      paragraphs: [
        "Wir können diese Nutzungsbedingungen mit Wirkung für die Zukunft ändern, wenn dies aus sachlichen Gründen erforderlich ist, etwa wegen geänderter Rechtslage oder neuer Funktionen der Plattform.",
        "Über Änderungen informieren wir registrierte Nutzer rechtzeitig vorab per E-Mail. Widersprechen Sie der Änderung nicht innerhalb von sechs Wochen nach Zugang der Mitteilung, gelten die geänderten Bedingungen als angenommen. Auf dieses Widerspruchsrecht und die Folgen eines unterlassenen Widerspruchs weisen wir in der Mitteilung gesondert hin.",
      ],
    },
    {
      heading: "Anwendbares Recht und Gerichtsstand",
      paragraphs: [
        "Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Gegenüber Verbrauchern gilt diese Rechtswahl nur, soweit dadurch nicht zwingende Verbraucherschutzvorschriften des Staates entzogen werden, in dem die Verbraucherin oder der Verbraucher ihren bzw. seinen gewöhnlichen Aufenthalt hat.",
        "Ist der Nutzer Kaufmann, juristische Person des öffentlichen Rechts oder öffentlich-rechtliches Sondervermögen, ist ausschließlicher Gerichtsstand für alle Streitigkeiten aus diesem Nutzungsverhältnis Berlin.",
      ],
    },
    {
      heading: "Meldung rechtswidriger Inhalte",
      paragraphs: [
        "Angebote, Bewertungen, Kommentare, Profile, Bilder und Nachrichten stammen von Nutzern. Halten Sie einen solchen Inhalt für rechtswidrig oder für einen Verstoß gegen diese Nutzungsbedingungen, melden Sie ihn bitte – auch ohne Konto. Jede Dienstleistung, jede Bewertung, jeder Kommentar und jedes öffentliche Profil hat dafür den Link „Melden“; eine erhaltene Nachricht melden Sie im Chat, angemeldet, mit „Melden“ an der Nachricht.",
        `Im Meldeformular wählen Sie den Grund (ein rechtswidriger Inhalt mit seiner Art, oder ein Verstoß gegen diese Nutzungsbedingungen) und begründen Ihre Meldung; ohne Konto können Sie zusätzlich Ihren Namen und Ihre E-Mail-Adresse angeben. Sie können uns auch an ${EMAIL_NOTICES} schreiben: Nennen Sie dann die Adresse (URL) des Inhalts, den Grund Ihrer Meldung mit einer Begründung und, wenn Sie eine Antwort wünschen, Ihren Namen und Ihre E-Mail-Adresse.`,
        "Wir bestätigen den Eingang (per E-Mail, wenn wir Ihre Adresse kennen), prüfen jede Meldung sorgfältig und ohne unnötige Verzögerung und teilen Ihnen unsere Entscheidung mit. Denselben Inhalt können Sie einmal melden; um Missbrauch zu verhindern, begrenzen wir die Zahl der Meldungen je Anschluss.",
      ],
    },
    {
      heading: "Moderation, Begründung und Widerspruch",
      paragraphs: [
        "Gemeldete Inhalte prüfen Menschen aus unserem Support-Team; automatisierte Entscheidungen treffen wir nicht. Wir können eine Meldung zurückweisen, den Inhalt entfernen oder das Konto der verfassenden Person sperren. Ein entfernter Inhalt ist für andere nicht mehr sichtbar; seine Verfasserin oder sein Verfasser sieht ihn weiterhin, zusammen mit dem Hinweis auf die Entscheidung. Ein gesperrtes Konto kann den Marktplatz nicht mehr nutzen, bestehende Anmeldungen enden sofort, und seine Dienstleistungen werden nicht mehr angezeigt. Seine Daten herunterladen und das Konto löschen kann es weiterhin: nach der Anmeldung mit E-Mail-Adresse und Passwort auf der Seite für gesperrte Konten.",
        "Jede Entfernung oder Sperrung begründen wir gegenüber der betroffenen Person in der App und per E-Mail (Art. 17 Digital Services Act): was wir entschieden haben, auf welcher Grundlage (Gesetz oder diese Nutzungsbedingungen), welcher Sachverhalt dazu geführt hat und wie sie sich dagegen wehren kann. Alle Entscheidungen zu den eigenen Inhalten stehen unter „Entscheidungen zu meinen Inhalten“.",
        "Gegen eine Entfernung oder Sperrung können Sie einmal begründet widersprechen (Art. 20 Digital Services Act) – auch mit einem gesperrten Konto, über den Link in unserer E-Mail. Wir prüfen den Fall dann erneut und bestätigen die Entscheidung oder heben sie auf. Außerdem können Sie eine zertifizierte außergerichtliche Streitbeilegungsstelle (Art. 21 Digital Services Act) anrufen oder den Rechtsweg beschreiten.",
        "Wer eine Meldung abgegeben hat, erfährt das Ergebnis: angemeldet in der App, sonst per E-Mail, wenn eine Adresse angegeben wurde. Wir dokumentieren jede Meldung, Entscheidung und jeden Widerspruch mit Zeitpunkt und bearbeitender Person.",
      ],
    },
    {
      heading: "Verbraucherstreitbeilegung",
      paragraphs: ["Wir sind nicht verpflichtet und nicht bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle im Sinne des Verbraucherstreitbeilegungsgesetzes (VSBG) teilzunehmen."],
    },
    {
      heading: "Salvatorische Klausel",
      paragraphs: [
        "Sollten einzelne Bestimmungen dieser Nutzungsbedingungen ganz oder teilweise unwirksam sein oder werden, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt. An die Stelle der unwirksamen Bestimmung treten die gesetzlichen Vorschriften.",
      ],
    },
  ],
};

/* ------------------------------------------------------------------ */
/* Datenschutzerklärung – /privacy                                     */
/* ------------------------------------------------------------------ */

export const privacyPolicy: LegalDocument = {
  title: "Datenschutzerklärung (Privacy Policy)",
  intro: `Der Schutz Ihrer personenbezogenen Daten ist uns wichtig. Diese Datenschutzerklärung informiert Sie nach der Datenschutz-Grundverordnung (DSGVO) und dem deutschen Datenschutzrecht darüber, welche Daten wir bei der Nutzung unserer Plattform verarbeiten, zu welchen Zwecken und welche Rechte Ihnen zustehen.`,
  updated: UPDATED,
  sections: [
    {
      heading: "Verantwortlicher",
      paragraphs: [
        "Verantwortlicher im Sinne der Datenschutz-Grundverordnung (DSGVO) ist:",
        `${COMPANY}, ${STREET}, ${CITY}, Deutschland. Telefon: ${PHONE}, E-Mail: ${EMAIL_CONTACT}.`,
        "Weitere Angaben zu unserem Unternehmen finden Sie in unserem Impressum.",
      ],
    },
    {
      heading: "Datenschutzbeauftragter",
      paragraphs: [
        `Unseren betrieblichen Datenschutzbeauftragten erreichen Sie per E-Mail unter ${EMAIL_PRIVACY} oder postalisch unter unserer oben genannten Anschrift mit dem Zusatz „z. Hd. Datenschutzbeauftragter“.`,
        "Sie können sich mit allen Fragen zur Verarbeitung Ihrer personenbezogenen Daten und zur Ausübung Ihrer Rechte an ihn wenden.",
      ],
    },
    {
      heading: "Welche Daten wir verarbeiten",
      paragraphs: [
        "Je nachdem, wie Sie die Plattform nutzen, verarbeiten wir folgende Kategorien personenbezogener Daten:",
      ],
      list: [
        "Kontodaten: Name, E-Mail-Adresse und Ihr Passwort, das ausschließlich als kryptografischer Hash gespeichert wird.",
        "Profildaten: Benutzername, Kurzbeschreibung (Bio), Profilbild (Avatar) und Bilder in Ihrer Galerie.",
        "Inhalte: von Ihnen eingestellte Dienstleistungsangebote, Bewertungen, Kommentare, Favoriten sowie Chatnachrichten und deren Dateianhänge.",
        "Supportanfragen: Inhalte und Verlauf Ihrer Support-Tickets.",
        "Aufträge und Rechnungen: Angaben zum Auftrag und sein Verlauf, Lieferungen und deren Dateien, Ihre Rechnungsanschrift, bei Anbietern zusätzlich Steuernummer oder USt-IdNr. und Bankverbindung, sowie die ausgestellten Rechnungen.",
        "Technische Daten: IP-Adresse, Datum und Uhrzeit des Zugriffs, aufgerufene Seite und Browserinformationen in den Serverprotokollen sowie ein Sitzungscookie zur Anmeldung. Zu jeder Anmeldung (Sitzung) speichern wir außerdem, wann sie begann und zuletzt genutzt wurde, die IP-Adresse und den Browser, von denen aus sie geöffnet wurde.",
      ],
    },
    {
      heading: "Zwecke und Rechtsgrundlagen der Verarbeitung",
      paragraphs: [
        "Wir verarbeiten Ihre Daten nur, soweit eine Rechtsgrundlage dies erlaubt. Wir stützen uns dabei auf folgende Rechtsgrundlagen:",
      ],
      list: [
        "Art. 6 Abs. 1 lit. b DSGVO (Vertrag): Bereitstellung Ihres Kontos und der Funktionen der Plattform, etwa Angebote, Bewertungen, Favoriten, Chat und Support.",
        "Art. 6 Abs. 1 lit. c DSGVO (rechtliche Verpflichtung): Erfüllung gesetzlicher Pflichten, insbesondere handels- und steuerrechtlicher Aufbewahrungspflichten.",
        "Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse): Gewährleistung der Sicherheit und Stabilität der Plattform, Abwehr von Missbrauch und Spam (z. B. durch Serverprotokolle und Rate Limits) sowie Durchsetzung von Rechtsansprüchen.",
        "Art. 6 Abs. 1 lit. a DSGVO (Einwilligung): Einsatz optionaler Cookies, soweit Sie hierin eingewilligt haben.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "Cookies sind kleine Textdateien, die Ihr Browser auf Ihrem Endgerät speichert. Wir setzen folgende Cookies ein:",
      ],
      list: [
        "Sitzungscookie (technisch notwendig): hält Sie nach der Anmeldung eingeloggt und schützt Ihre Sitzung. Ohne dieses Cookie ist die Nutzung des Kontos nicht möglich.",
        "Cookie „cookieConsent“ (technisch notwendig): speichert Ihre Entscheidung im Cookie-Hinweis für 365 Tage, damit wir Sie nicht bei jedem Besuch erneut fragen müssen.",
        "Theme-Cookie: speichert Ihre bevorzugte Darstellung (z. B. helles oder dunkles Design).",
      ],
    },
    {
      heading: "Keine Tracking-Cookies ohne Einwilligung",
      paragraphs: [
        "Die Speicherung technisch notwendiger Cookies beruht auf § 25 Abs. 2 Nr. 2 TDDDG in Verbindung mit Art. 6 Abs. 1 lit. b bzw. lit. f DSGVO. Tracking- oder Analyse-Cookies setzen wir nicht ohne Ihre vorherige Einwilligung ein.",
        "Eine erteilte Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen, indem Sie über „Cookie-Einstellungen“ am Seitenende den Cookie-Hinweis erneut aufrufen und Ihre Auswahl ändern oder die Cookies in Ihrem Browser löschen.",
      ],
    },
    {
      heading: "Empfänger und Auftragsverarbeiter",
      paragraphs: [
        "Wir geben Ihre Daten nur weiter, wenn dies für die genannten Zwecke erforderlich ist oder eine gesetzliche Pflicht besteht. Innerhalb der Plattform sind Ihre öffentlichen Profildaten, Angebote, Bewertungen und Kommentare für andere Nutzer sichtbar; Chatnachrichten sind nur für die jeweiligen Gesprächspartner einsehbar. Bei einem Auftrag sehen Auftraggeber und Anbieter, was für den Auftrag nötig ist: Name, Rechnungsanschrift und auf der Rechnung die steuerlichen Angaben und die Bankverbindung des Anbieters.",
        "Wir setzen sorgfältig ausgewählte Dienstleister ein, die Daten in unserem Auftrag und nach unseren Weisungen auf Grundlage eines Vertrags nach Art. 28 DSGVO verarbeiten:",
      ],
      list: [
        "Hosting: Betrieb der Server und Datenbanken in Rechenzentren innerhalb der Europäischen Union.",
        "E-Mail-Versand: Zustellung von System-E-Mails, etwa zur Bestätigung der Registrierung oder zum Zurücksetzen des Passworts.",
      ],
    },
    {
      heading: "Keine Übermittlung in Drittländer",
      paragraphs: [
        "Eine Übermittlung Ihrer personenbezogenen Daten in Länder außerhalb der Europäischen Union bzw. des Europäischen Wirtschaftsraums (Drittländer) findet nicht statt.",
      ],
    },
    {
      heading: "Speicherdauer",
      paragraphs: [
        "Wir speichern personenbezogene Daten nur so lange, wie es für die jeweiligen Zwecke erforderlich ist oder gesetzliche Aufbewahrungspflichten bestehen:",
      ],
      list: [
        "Konto- und Profildaten sowie Ihre Inhalte speichern wir bis zur Löschung Ihres Kontos.",
        "Serverprotokolle mit IP-Adressen werden nach 14 Tagen gelöscht.",
        "Eine Anmeldung (Sitzung) mit IP-Adresse und Browser löschen wir, wenn Sie sich abmelden, Ihr Passwort zurücksetzen oder Ihr Konto löschen, spätestens 30 Tage nach ihrer letzten Nutzung. Der Datenexport auf Ihrer Profilseite enthält Ihre aktuellen Sitzungen.",
        "Chatnachrichten bleiben nach der Löschung eines Kontos für den jeweiligen Gesprächspartner erhalten, werden jedoch nicht mehr mit der gelöschten Person verknüpft.",
        "Meldungen, die Sie abgegeben haben, bleiben nach der Löschung Ihres Kontos ohne Bezug zu Ihrer Person erhalten (Grund, Begründung und Zeitpunkt): Wir dokumentieren jede Meldung und unsere Entscheidung darüber und zählen sie in unserem Transparenzbericht (Art. 17 Abs. 3 lit. b DSGVO in Verbindung mit Art. 15, 16 und 17 des Gesetzes über digitale Dienste). Ihr Name, Ihre E-Mail-Adresse und die Verknüpfung mit Ihrem Konto werden gelöscht.",
        "Aufträge und Rechnungen sind Geschäftsunterlagen beider Parteien. Wenn Sie Ihr Konto löschen, beenden wir Ihre offenen Aufträge und löschen Ihr Profil und Ihre Inhalte; Ihre beendeten Aufträge (abgeschlossene wie abgelehnte oder abgebrochene, mit Verlauf, Lieferungen und Auftrags-Chat) und ausgestellte Rechnungen (mit den darauf angegebenen Namen und Anschriften) bewahren wir für die gesetzliche Aufbewahrungsfrist auf (Art. 17 Abs. 3 lit. b DSGVO in Verbindung mit § 147 AO, § 257 HGB und § 14b UStG: acht Jahre für Rechnungen und Buchungsbelege, gerechnet ab dem Ende des Kalenderjahres, in dem der Auftrag endete) und löschen sie danach.",
      ],
    },
    {
      heading: "Ihre Rechte",
      paragraphs: [
        `Ihnen stehen nach der DSGVO die folgenden Rechte zu. Zur Ausübung genügt eine Nachricht an ${EMAIL_PRIVACY}.`,
      ],
      list: [
        "Auskunft (Art. 15 DSGVO): Sie können Auskunft darüber verlangen, ob und welche personenbezogenen Daten wir über Sie verarbeiten.",
        "Berichtigung (Art. 16 DSGVO): Sie können die Berichtigung unrichtiger oder die Vervollständigung unvollständiger Daten verlangen; viele Angaben können Sie direkt in Ihrem Profil ändern.",
        "Löschung (Art. 17 DSGVO): Sie können die Löschung Ihrer Daten verlangen. Über die Funktion „Konto löschen“ auf Ihrer Profilseite können Sie Ihr Konto jederzeit selbst löschen – auch ein gesperrtes Konto: Nach der Anmeldung gelangen Sie dann auf eine Seite, auf der Sie es löschen und Ihre Daten herunterladen können.",
        "Einschränkung der Verarbeitung (Art. 18 DSGVO): Sie können unter bestimmten Voraussetzungen die Einschränkung der Verarbeitung Ihrer Daten verlangen.",
        "Datenübertragbarkeit (Art. 20 DSGVO): Sie können Ihre Daten in einem strukturierten, gängigen und maschinenlesbaren Format erhalten. Über die Funktion „Daten exportieren“ auf Ihrer Profilseite laden Sie Ihre Daten als JSON-Datei herunter.",
        "Widerspruch (Art. 21 DSGVO): Sie können einer Verarbeitung, die auf unserem berechtigten Interesse beruht, aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit widersprechen.",
        "Widerruf der Einwilligung (Art. 7 Abs. 3 DSGVO): Eine erteilte Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt unberührt.",
        "Beschwerde bei einer Aufsichtsbehörde (Art. 77 DSGVO): Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren, zum Beispiel bei der für uns zuständigen Berliner Beauftragten für Datenschutz und Informationsfreiheit.",
      ],
    },
    {
      heading: "Datensicherheit",
      paragraphs: [
        "Wir treffen angemessene technische und organisatorische Maßnahmen, um Ihre Daten vor Verlust, Missbrauch und unbefugtem Zugriff zu schützen.",
        "Die Verbindung zwischen Ihrem Browser und unseren Servern ist durchgehend per TLS verschlüsselt. Passwörter speichern wir ausschließlich als gesalzene kryptografische Hashes, sodass auch wir sie nicht im Klartext einsehen können.",
      ],
    },
    {
      heading: "Änderungen dieser Datenschutzerklärung",
      paragraphs: [
        "Wir passen diese Datenschutzerklärung an, wenn sich die Rechtslage, unsere Plattform oder die Art der Datenverarbeitung ändert. Es gilt jeweils die auf dieser Seite veröffentlichte aktuelle Fassung.",
      ],
    },
  ],
};

/* ------------------------------------------------------------------ */
/* Impressum – /imprint                                                */
/* ------------------------------------------------------------------ */

export const imprint: LegalDocument = {
  title: "Impressum (Imprint)",
  intro: `Anbieterkennzeichnung gemäß § 5 Digitale-Dienste-Gesetz (DDG, vormals § 5 TMG) und § 18 Medienstaatsvertrag (MStV). Für diese Website und die Plattform gilt deutsches Recht.`,
  updated: UPDATED,
  sections: [
    {
      heading: "Angaben gemäß § 5 DDG",
      paragraphs: [COMPANY, STREET, CITY, "Deutschland"],
    },
    {
      heading: "Vertreten durch",
      paragraphs: ["Die Gesellschaft wird vertreten durch die Geschäftsführer:"],
      list: ["Anna Schneider", "Markus Weber"],
    },
    {
      heading: "Kontakt",
      paragraphs: [`Telefon: ${PHONE}`, `E-Mail: ${EMAIL_CONTACT}`],
    },
    {
      heading: "Registereintrag und Umsatzsteuer-ID",
      paragraphs: [
        "Eintragung im Handelsregister.",
        "Registergericht: Amtsgericht Charlottenburg",
        "Registernummer: HRB 234567 B",
        "Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE123456789",
      ],
    },
    {
      heading: "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
      paragraphs: [`Anna Schneider, ${STREET}, ${CITY}`],
    },
    {
      heading: "Kontaktstelle nach dem Digital Services Act",
      paragraphs: [
        `Zentrale Kontaktstelle für Behörden, die Europäische Kommission und Nutzer (Art. 11 und 12 DSA): ${EMAIL_NOTICES}. Sie erreichen uns dort auf Deutsch und Englisch.`,
        "Rechtswidrige Inhalte auf der Plattform melden Sie am einfachsten mit dem Link „Melden“ am jeweiligen Inhalt (Dienstleistung, Bewertung, Kommentar, Profil oder erhaltene Nachricht), auch ohne Konto; ebenso an diese Adresse.",
        "Gemeldete Inhalte prüft unser Support-Team. Entfernen wir einen Inhalt oder sperren ein Konto, erhält die betroffene Person eine Begründung und kann einmal widersprechen; wer gemeldet hat, erfährt das Ergebnis. Einzelheiten beschreiben unsere Nutzungsbedingungen unter „Meldung rechtswidriger Inhalte“ und „Moderation, Begründung und Widerspruch“.",
      ],
    },
    {
      heading: "Verbraucherstreitbeilegung",
      paragraphs: ["Wir sind nicht verpflichtet und nicht bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle im Sinne des § 36 Verbraucherstreitbeilegungsgesetz (VSBG) teilzunehmen."],
    },
    {
      heading: "Haftung für Inhalte",
      paragraphs: [
        "Als Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Die Inhalte unserer Seiten wurden mit größter Sorgfalt erstellt; für die Richtigkeit, Vollständigkeit und Aktualität können wir jedoch keine Gewähr übernehmen.",
        "Angebote, Bewertungen, Kommentare und sonstige Beiträge von Nutzern sind fremde Inhalte. Wir sind nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen. Sobald wir von konkreten Rechtsverletzungen Kenntnis erlangen, entfernen wir die betreffenden Inhalte umgehend.",
      ],
    },
    {
      heading: "Haftung für Links",
      paragraphs: [
        "Unser Angebot kann Links zu externen Websites Dritter enthalten, auf deren Inhalte wir keinen Einfluss haben. Für diese fremden Inhalte ist stets der jeweilige Anbieter oder Betreiber der verlinkten Seiten verantwortlich.",
        "Die verlinkten Seiten wurden zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße überprüft; rechtswidrige Inhalte waren zu diesem Zeitpunkt nicht erkennbar. Eine permanente inhaltliche Kontrolle ist ohne konkrete Anhaltspunkte einer Rechtsverletzung jedoch nicht zumutbar. Bei Bekanntwerden von Rechtsverletzungen entfernen wir derartige Links umgehend.",
      ],
    },
    {
      heading: "Urheberrecht",
      paragraphs: [
        `Die durch uns erstellten Inhalte und Werke auf diesen Seiten unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen Zustimmung der ${COMPANY}.`,
        "Soweit Inhalte auf dieser Plattform nicht von uns erstellt wurden, werden die Urheberrechte Dritter beachtet. Sollten Sie trotzdem auf eine Urheberrechtsverletzung aufmerksam werden, bitten wir um einen entsprechenden Hinweis. Bei Bekanntwerden von Rechtsverletzungen entfernen wir derartige Inhalte umgehend.",
      ],
    },
  ],
};

/* ------------------------------------------------------------------ */
/* Erklärung zur Barrierefreiheit – /barrierefreiheit                  */
/* ------------------------------------------------------------------ */

/**
 * Informationen zur Barrierefreiheit nach § 14 und Anlage 3 BFSG. Was hier steht, ist belegt:
 * die Browser-Tests prüfen jede Seite bei 375 und 1280 px mit axe-core und Tastatur; die
 * Einschränkungen sind die, die wir kennen.
 */
export const accessibilityStatement: LegalDocument = {
  title: "Erklärung zur Barrierefreiheit",
  intro: `Wir möchten, dass alle Menschen unseren Marktplatz nutzen können – mit Tastatur, Screenreader, Vergrößerung oder auf dem Smartphone. Diese Erklärung beschreibt nach dem Barrierefreiheitsstärkungsgesetz (BFSG), wie die Plattform die Anforderungen erfüllt, wo sie es noch nicht tut und wie Sie uns Barrieren melden.`,
  updated: "Stand: November 2026",
  sections: [
    {
      heading: "Unsere Dienstleistung",
      paragraphs: [
        "Die Plattform ist ein Marktplatz für professionelle Dienstleistungen: Sie können Angebote suchen, filtern und vergleichen, mit Anbietern chatten, Dienstleistungen beauftragen, Lieferungen annehmen, Rechnungen abrufen und Bewertungen schreiben. Anbieter stellen Angebote mit Bildern ein und wickeln Aufträge ab.",
      ],
    },
    {
      heading: "Stand der Vereinbarkeit",
      paragraphs: [
        "Die Plattform ist mit den Anforderungen der EN 301 549 und der Web Content Accessibility Guidelines (WCAG) 2.1 auf Stufe AA teilweise vereinbar. Die unten genannten Einschränkungen kennen wir und arbeiten an ihnen.",
        "So stellen wir das sicher:",
      ],
      list: [
        "Alle Seiten werden bei jeder Änderung in automatisierten Browser-Tests bei 375 und 1280 Pixel Breite geprüft, auch mit axe-core; schwerwiegende Verstöße lassen den Test scheitern.",
        "Die Kernabläufe – eine Dienstleistung finden, den Anbieter kontaktieren, sie beauftragen und bewerten – durchläuft bei jeder Änderung und damit vor jeder Veröffentlichung ein automatisierter Browser-Test allein mit der Tastatur, bei beiden Breiten und mit sichtbarem Fokus bei jedem Schritt.",
        "Alle Funktionen sind mit der Tastatur bedienbar, der Fokus ist stets sichtbar, Dialoge geben den Fokus zurück.",
        "Formularfelder haben sichtbare Beschriftungen; Fehlermeldungen stehen am Feld und werden vorgelesen.",
        "Neue Chat-Nachrichten, Suchergebnisse und Hinweise werden über Live-Regionen angesagt.",
        "Die Seiten passen sich der Bildschirmbreite an, vom Smartphone bis zum großen Bildschirm, ohne seitliches Scrollen; ein dunkles Farbschema ist wählbar.",
      ],
    },
    {
      heading: "Bekannte Einschränkungen",
      paragraphs: ["Folgende Inhalte sind noch nicht vollständig barrierefrei:"],
      list: [
        "Bilder, die Anbieter zu ihren Angeboten hochladen, haben keine eigene Bildbeschreibung; vorgelesen werden der Titel des Angebots und die Nummer des Bildes.",
        "Dateien, die Nutzer im Chat oder bei einer Lieferung austauschen (etwa PDF-Dokumente), stammen von den Nutzern; ihre Barrierefreiheit können wir nicht sicherstellen.",
        "Die PDF-Rechnungen sind noch keine getaggten PDF-Dokumente (PDF/UA). Alle Angaben der Rechnung stehen zusätzlich als Text auf der Auftragsseite.",
        "Für das Hochladen von Bildern wird JavaScript benötigt.",
      ],
    },
    {
      heading: "Barrieren melden",
      paragraphs: [
        `Ist Ihnen eine Barriere aufgefallen, oder benötigen Sie einen Inhalt in einer anderen Form? Schreiben Sie uns an ${EMAIL_ACCESSIBILITY} oder rufen Sie uns an unter ${PHONE}. Angemeldete Nutzer können auch ein Support-Ticket anlegen. Wir antworten innerhalb von zwei Wochen.`,
      ],
    },
    {
      heading: "Marktüberwachung",
      paragraphs: [
        "Wenn Sie meinen, dass die Plattform die Anforderungen des BFSG nicht erfüllt, und wir Ihnen nicht weiterhelfen konnten, können Sie sich an die Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF) wenden. Verbraucherverbände und anerkannte Verbände können außerdem ein Schlichtungsverfahren bei der Schlichtungsstelle nach § 16 Behindertengleichstellungsgesetz beantragen.",
      ],
    },
    {
      heading: "Anbieter",
      paragraphs: [`${COMPANY}, ${STREET}, ${CITY}`, `E-Mail: ${EMAIL_ACCESSIBILITY}`],
    },
  ],
};
