import type { ProfileRole } from "~/db/schema";

/** The demo accounts (every one a German freelancer or customer; one of them is the support team). */

/** The one password of every demo account. */
export const DEMO_PASSWORD = "demo1234";

export const DEMO_EMAIL_DOMAIN = "demo.marktplatz.example";

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  role: ProfileRole;
  isPremium: boolean;
  bio: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: `anna.schmidt@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Anna",
    lastName: "Schmidt",
    username: "anna.schmidt",
    role: "user",
    isPremium: true,
    bio: "Freiberufliche Webentwicklerin aus Hamburg mit über zehn Jahren Erfahrung. Ich baue schnelle, barrierefreie Websites für Handwerk, Praxen und kleine Unternehmen – persönlich, termintreu und ohne Fachchinesisch.",
  },
  {
    email: `lukas.mueller@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Lukas",
    lastName: "Müller",
    username: "lukas.mueller",
    role: "user",
    isPremium: false,
    bio: "Grafikdesigner in Berlin. Ich entwickle Logos, Markenauftritte und Benutzeroberflächen, die im Gedächtnis bleiben. Mein Motto: klare Gestaltung, ehrliche Beratung.",
  },
  {
    email: `julia.becker@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Julia",
    lastName: "Becker",
    username: "julia.becker",
    role: "user",
    isPremium: false,
    bio: "Texterin und Content-Strategin aus Frankfurt am Main. Ich schreibe Texte, die gefunden, gelesen und verstanden werden – für Websites, Onlineshops, Newsletter und Podcasts.",
  },
  {
    email: `maximilian.weber@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Maximilian",
    lastName: "Weber",
    username: "max.weber",
    role: "user",
    isPremium: false,
    bio: "Online-Marketing-Berater mit Schwerpunkt SEO und Google Ads. Seit 2015 helfe ich mittelständischen Unternehmen aus Baden-Württemberg, online mehr Kundschaft zu gewinnen.",
  },
  {
    email: `sophie.hoffmann@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Sophie",
    lastName: "Hoffmann",
    username: "sophie.hoffmann",
    role: "user",
    isPremium: false,
    bio: "Steuerberaterin und zertifizierte Datenschutzbeauftragte in Münster. Ich unterstütze Freiberufler und kleine Betriebe dabei, Steuern und Bürokratie entspannt im Griff zu behalten.",
  },
  {
    email: `felix.schneider@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Felix",
    lastName: "Schneider",
    username: "felix.schneider",
    role: "user",
    isPremium: false,
    bio: "Lehramtsstudent für Mathematik und Physik an der Universität zu Köln. Ich gebe seit sechs Jahren Nachhilfe und erkläre lieber dreimal geduldig als einmal zu schnell.",
  },
  {
    email: `lea.fischer@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Lea",
    lastName: "Fischer",
    username: "lea.fischer",
    role: "user",
    isPremium: false,
    bio: "Fotografin und Bildbearbeiterin aus München. Hochzeiten, Porträts und Produktfotos sind meine Leidenschaft – natürlich, hell und ohne gestellte Posen.",
  },
  {
    email: `jonas.wagner@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Jonas",
    lastName: "Wagner",
    username: "jonas.wagner",
    role: "user",
    isPremium: false,
    bio: "Fullstack-Entwickler aus Dresden mit Fokus auf React, TypeScript und Shopware. Ich liebe sauberen Code und erkläre gern, was ich tue – auch in meinen Programmierkursen.",
  },
  {
    email: `marie.koch@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Marie",
    lastName: "Koch",
    username: "marie.koch",
    role: "user",
    isPremium: false,
    bio: "Übersetzerin für Englisch und Deutsch sowie Lehrerin für Deutsch als Fremdsprache in Nürnberg. Sprache ist mein Handwerk – vom Lektorat bis zum Sprachkurs.",
  },
  {
    email: `tobias.richter@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Tobias",
    lastName: "Richter",
    username: "tobias.richter",
    role: "user",
    isPremium: false,
    bio: "Unternehmensberater und Gründungscoach aus Düsseldorf. Ich begleite Start-ups und Kleinunternehmen von der ersten Idee bis zum funktionierenden Vertrieb.",
  },
  {
    email: `katharina.braun@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Katharina",
    lastName: "Braun",
    username: "katharina.braun",
    role: "user",
    isPremium: false,
    bio: "Virtuelle Assistentin, Eventplanerin und nebenbei Gitarrenlehrerin in Leipzig. Organisation ist meine Stärke – ich behalte den Überblick, damit Sie es nicht müssen.",
  },
  {
    email: `support@${DEMO_EMAIL_DOMAIN}`,
    firstName: "Sabine",
    lastName: "Krüger",
    username: "support-team",
    role: "support",
    isPremium: false,
    bio: "Ich bin Ihre Ansprechpartnerin im Support-Team des Marktplatzes. Bei Fragen zu Ihrem Konto, zu Aufträgen oder technischen Problemen helfe ich Ihnen gern weiter.",
  },
];
