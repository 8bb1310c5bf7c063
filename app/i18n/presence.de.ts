/**
 * Texts of typing and presence (issue #18): the "schreibt …" line, the online / last-seen line of
 * the chat list and header, and the profile's setting. A module of its own so that the chat screens
 * ship only these.
 */
export const presenceDe = {
  typing: (name: string) => `${name} schreibt …`,
  online: "online",
  lastSeen: {
    justNow: "zuletzt online gerade eben",
    minutes: (n: number) => `zuletzt online vor ${n} Min.`,
    hours: (n: number) => `zuletzt online vor ${n} Std.`,
    yesterday: "zuletzt online gestern",
    onDate: (date: string) => `zuletzt online am ${date}`,
  },
  setting: {
    heading: "Online-Status",
    label: "Online-Status anzeigen",
    hint: "Andere sehen in Chats, ob Sie gerade online sind oder wann Sie zuletzt online waren. Schalten Sie es aus, sehen Sie den Status der anderen ebenfalls nicht.",
    saved: "Einstellung gespeichert",
    failed: "Einstellung nicht gespeichert",
    invalid: "Bitte wählen Sie „an“ oder „aus“.",
  },
};
