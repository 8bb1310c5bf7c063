/** Texts the seed draws reviews, questions under services and the owners' answers from. */

export const REVIEW_TEXTS: Record<"good" | "mixed" | "bad", readonly string[]> = {
  good: [
    "Sehr professionelle Zusammenarbeit, schnelle Rückmeldungen und ein tolles Ergebnis. Gerne wieder!",
    "Hat alles wie besprochen geklappt. Die Kommunikation war jederzeit freundlich und unkompliziert.",
    "Hat meine Erwartungen übertroffen. Ich empfehle das Angebot uneingeschränkt weiter.",
    "Termingerecht geliefert, und kleine Änderungswünsche wurden sofort umgesetzt.",
    "Top Preis-Leistungs-Verhältnis. Man merkt die Erfahrung.",
    "Sehr geduldig und kompetent – genau das, was ich gesucht habe.",
    "Schnelle Umsetzung, saubere Arbeit. Vielen Dank!",
    "Ich war anfangs skeptisch, aber das Ergebnis hat mich voll überzeugt.",
    "Klare Absprachen, faire Preise und ein Ergebnis, mit dem ich rundum zufrieden bin.",
    "Wirklich hilfreich. Ich habe viel gelernt und fühle mich jetzt deutlich sicherer.",
    "Kleine Verzögerung beim Start, danach lief alles reibungslos. Insgesamt sehr zufrieden.",
    "Gute Arbeit. Ein paar Details mussten wir nachbessern, aber das ging schnell.",
    "Zuverlässig, freundlich und fachlich top. Die nächste Buchung ist schon geplant.",
    "Endlich jemand, der zuhört und nicht nur verkauft. Absolut empfehlenswert!",
  ],
  mixed: [
    "Solide Arbeit, aber die Abstimmung hat länger gedauert als gedacht.",
    "Ergebnis in Ordnung. Für den Preis hätte ich mir etwas mehr Eigeninitiative gewünscht.",
    "Insgesamt okay. Die Rückmeldungen kamen manchmal erst nach ein paar Tagen.",
    "Nicht schlecht, aber auch nicht herausragend. Für einfache Aufgaben passt es.",
  ],
  bad: [
    "Leider wurde der vereinbarte Termin zweimal verschoben, und das Ergebnis war nur mittelmäßig.",
    "Die Kommunikation war schwierig, meine Anmerkungen wurden kaum berücksichtigt.",
    "Hat nicht meinen Erwartungen entsprochen. Schade, die Beschreibung klang vielversprechend.",
    "Am Ende musste ich vieles selbst nachbessern. Leider nicht empfehlenswert.",
  ],
};

export const COMMENT_TEXTS: readonly string[] = [
  "Bieten Sie das auch für kleinere Budgets an?",
  "Wie lange dauert die Umsetzung ungefähr?",
  "Ist eine Rechnung mit ausgewiesener Mehrwertsteuer möglich?",
  "Arbeiten Sie auch am Wochenende? Bei mir drängt die Zeit etwas.",
  "Klingt spannend! Kann ich vorher ein paar Referenzen sehen?",
  "Sind Korrekturschleifen im Preis enthalten?",
  "Wäre auch ein persönliches Treffen möglich, oder läuft alles online?",
  "Ich hätte Interesse und schreibe Ihnen gleich eine Nachricht.",
  "Gibt es einen Rabatt, wenn man mehrere Leistungen bucht?",
  "Super Angebot, habe ich direkt an eine Freundin weiterempfohlen.",
  "Welche Unterlagen brauchen Sie vorab von mir?",
  "Geht das auch auf Englisch?",
  "Wie läuft die Bezahlung ab – vorab oder nach Fertigstellung?",
  "Habe das Angebot letztes Jahr genutzt und war sehr zufrieden. Danke nochmal!",
  "Können Sie auch kurzfristig einspringen, also innerhalb einer Woche?",
  "Ist das auch für Vereine geeignet?",
  "Tolle Beschreibung, man weiß genau, was man bekommt.",
  "Wie viele Aufträge nehmen Sie gerade an? Ich würde gern im nächsten Monat starten.",
  "Gibt es ein kostenloses Erstgespräch?",
  "Kommen Sie auch nach außerhalb, oder nur im Stadtgebiet?",
];

export const OWNER_REPLIES: readonly string[] = [
  "Danke für Ihre Frage! Schreiben Sie mir gern eine Nachricht mit den Details, dann mache ich Ihnen ein Angebot.",
  "Ja, das ist möglich. Melden Sie sich einfach über den Chat bei mir.",
  "Gute Frage – das hängt vom Umfang ab. Lassen Sie uns kurz sprechen, dann kann ich es genauer sagen.",
  "Vielen Dank für Ihr Interesse! Ich melde mich in den nächsten Tagen bei Ihnen.",
];
