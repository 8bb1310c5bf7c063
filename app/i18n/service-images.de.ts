// Texts of the detail page's images and viewer (ADR 016); the form's image field has its own
// (service-image-field.de.ts). Public pages import it directly, so it stays small and free of imports.

export const serviceImagesDe = {
  viewer: {
    open: (n: number, total: number) => `Bild ${n} von ${total} vergrößern`,
    title: (title: string) => `Bilder: ${title}`,
    counter: (n: number, total: number) => `Bild ${n} von ${total}`,
    previous: "Vorheriges Bild",
    next: "Nächstes Bild",
    close: "Schließen",
    thumbnails: "Alle Bilder",
    show: (n: number) => `Bild ${n} zeigen`,
    alt: (title: string, n: number, total: number) => (total > 1 ? `${title} – Bild ${n} von ${total}` : title),
  },
} as const;
