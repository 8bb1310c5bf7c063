// Texts of the service form's image field (ADR 016): the create and edit forms and the upload
// route. Kept apart from the viewer's texts (service-images.de.ts), which public pages load.

export const serviceImageFieldDe = {
  heading: (n: number, max: number) => `Bilder (${n}/${max})`,
  hint: "JPG, PNG, GIF oder WebP, je höchstens 5 MB. Das erste Bild ist das Hauptbild (auf der Karte).",
  /** Under the plain field's upload button (without JavaScript): saving the form takes no files along. */
  uploadFirst: "Gewählte Bilder werden mit „Bilder hochladen“ übernommen, nicht beim Speichern.",
  add: "Bilder hinzufügen",
  /** The upload button of the field without JavaScript (it submits the chosen files). */
  upload: "Bilder hochladen",
  empty: "Noch keine Bilder. Ohne Bild zeigt die Karte ein Motiv zur Kategorie.",
  uploading: "Bilder werden hochgeladen",
  progress: (percent: number) => `${percent} %`,
  image: (n: number) => `Bild ${n}`,
  cover: "Hauptbild",
  makeCover: (n: number) => `Bild ${n} als Hauptbild verwenden`,
  earlier: (n: number) => `Bild ${n} nach vorne verschieben`,
  later: (n: number) => `Bild ${n} nach hinten verschieben`,
  remove: (n: number) => `Bild ${n} entfernen`,
  uploaded: (n: number) => `${n} Bild(er) hinzugefügt`,
  removed: "Bild entfernt",
  nowCover: (from: number) => `Bild ${from} ist jetzt das Hauptbild.`,
  movedTo: (from: number, to: number) => `Bild ${from} ist jetzt Bild ${to}.`,
  changeFailed: "Die Bilder konnten nicht geändert werden",
  uploadFailed: "Upload fehlgeschlagen",
  uploadFailedText: "Die Bilder konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.",
  full: (max: number) => `Maximal ${max} Bilder pro Dienstleistung. Entfernen Sie zuerst ein Bild.`,
  remaining: (n: number, max: number) => `Sie können nur noch ${n} Bild(er) hinzufügen. Maximal ${max} Bilder pro Dienstleistung.`,
  notFound: "Dieses Bild gibt es nicht (mehr).",
  /** After creating: drafts older than a day were cleared while the form was open. */
  missingAfterCreate: (n: number) =>
    n === 1
      ? "Ein Bild war nicht mehr vorhanden (Entwürfe werden nach einem Tag gelöscht). Bitte laden Sie es hier erneut hoch."
      : `${n} Bilder waren nicht mehr vorhanden (Entwürfe werden nach einem Tag gelöscht). Bitte laden Sie sie hier erneut hoch.`,
} as const;
