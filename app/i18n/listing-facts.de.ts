import type { WorkPlace } from "~/features/services/listing-facts";

/**
 * Texts of a service's delivery time and place of work, the catalogue's filters for them, the
 * provider's trust box and the phone's price bar. Public pages show them: a module of its own, so
 * that they do not ship the whole catalogue (de.ts).
 */
const days = (n: number) => (n === 1 ? "1 Tag" : `${n} Tagen`);

export const listingFactsDe = {
  delivery: {
    label: "Lieferzeit",
    inDays: (n: number) => `Lieferung in ${days(n)}`,
    byAgreement: "Lieferzeit nach Vereinbarung",
  },
  place: {
    label: "Arbeitsort",
    remote: "Remote",
    onsite: (city: string) => `Vor Ort: ${city}`,
    both: (city: string) => `Remote oder vor Ort: ${city}`,
  },
  form: {
    deliveryDays: "Lieferzeit in Tagen",
    deliveryHint: "Optional – leer lassen für „nach Vereinbarung“",
    deliveryInvalid: "Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an oder lassen Sie das Feld leer.",
    workPlace: "Arbeitsort",
    workPlaces: { remote: "Remote", onsite: "Vor Ort", both: "Remote und vor Ort" } satisfies Record<WorkPlace, string>,
    workPlaceInvalid: "Bitte wählen Sie einen Arbeitsort.",
    workCity: "Stadt",
    workCityHint: "Für Arbeit vor Ort",
    workCityRequired: "Bitte geben Sie die Stadt an, in der Sie vor Ort arbeiten.",
    workCityTooLong: "Die Stadt darf höchstens 80 Zeichen lang sein.",
    workCityInvalid: "Bitte geben Sie die Stadt ohne Steuerzeichen an.",
  },
  filters: {
    delivery: "Lieferzeit",
    deliveryAny: "Beliebig",
    deliveryUpTo: (n: number) => `bis ${n} ${n === 1 ? "Tag" : "Tage"}`,
    remoteOnly: "Nur remote",
  },
  trust: {
    title: "Über den Anbieter",
    memberSince: (monthYear: string) => `Mitglied seit ${monthYear}`,
    rating: (avg: string, count: number) => `${avg} von 5 Sternen aus ${count === 1 ? "1 Bewertung" : `${count} Bewertungen`}`,
    noRatings: "Noch keine Bewertungen",
    services: (n: number) => (n === 1 ? "1 Dienstleistung" : `${n} Dienstleistungen`),
    completedOrders: (n: number) => (n === 1 ? "1 abgeschlossener Auftrag" : `${n} abgeschlossene Aufträge`),
    respondsWithin: (span: string) => `antwortet meist innerhalb von ${span}`,
    minutes: (n: number) => `${n} Min.`,
    hours: (n: number) => `${n} Std.`,
    days: (n: number) => (n === 1 ? "1 Tag" : `${n} Tagen`),
  },
  stickyBar: {
    label: "Preis und Aktion",
  },
};
