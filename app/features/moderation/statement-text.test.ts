import { describe, expect, it } from "vitest";
import { DECISION_KINDS } from "~/db/schema/moderation";
import { moderationDe } from "~/i18n/moderation.de";
import { afterGreeting, statementText } from "./decisions.server";

const base = { ground: "terms", reason: "Siehe Meldung." } as const;

describe("the statement of reasons in German", () => {
  it.each([
    [{ kind: "remove", itemKind: "comment", summary: "" }, "Wir haben Ihren Kommentar entfernt."],
    [{ kind: "remove", itemKind: "service", summary: "Logo" }, "Wir haben Ihre Dienstleistung „Logo“ entfernt."],
    [{ kind: "suspend", itemKind: "comment", summary: "" }, "Wir haben Ihr Konto wegen Ihres Kommentars gesperrt."],
    [{ kind: "suspend", itemKind: "profile", summary: "" }, "Wir haben Ihr Konto wegen Ihres Profils gesperrt."],
    [{ kind: "dismiss", itemKind: "profile", summary: "" }, "Zu Ihrem Profil ist eine Meldung eingegangen"],
    [{ kind: "restore", itemKind: "message", summary: "" }, "unsere Entscheidung zu Ihrer Nachricht aufgehoben"],
    [{ kind: "confirm", itemKind: "review", summary: "" }, "unsere Entscheidung zu Ihrer Bewertung bestätigt"],
  ] as const)("declines the item: %j", (options, sentence) => {
    expect(statementText({ ...base, ...options }, "page")).toContain(sentence);
  });

  it("continues the mail's greeting in lower case and points to the link; the page points to its form while it is shown", () => {
    const options = { ...base, kind: "remove", itemKind: "profile", summary: "" } as const;
    expect(statementText(options, "mail")).toMatch(/^wir haben Ihr Profil entfernt\./);
    expect(statementText({ ...options, kind: "dismiss" }, "mail")).toMatch(/^zu Ihrem Profil ist/);
    expect(statementText(options, "mail")).toContain("über den Link unten");
    expect(statementText(options, "page")).toMatch(/^Wir haben/);
    expect(statementText(options, "page")).toContain("über das Formular unten");
    expect(statementText(options, "page-final")).not.toContain("unten");
  });
});

describe("the reporter's outcome", () => {
  it.each(DECISION_KINDS)("%s: a sentence of its own for the notification, continued in lower case after the mail's greeting", (kind) => {
    const sentence = moderationDe.outcome.text("Logo", kind);
    expect(sentence).toMatch(/^Wir haben /);
    expect(afterGreeting(sentence)).toMatch(/^wir haben /);
    expect(afterGreeting(sentence).slice(3)).toBe(sentence.slice(3));
  });
});
