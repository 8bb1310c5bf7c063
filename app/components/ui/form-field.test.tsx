import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { de } from "~/i18n/de";
import { FormField } from "./form-field";

/** The texts below the input, by id, and what the input names as its description. */
function rendered(props: { error?: string; hint?: string }) {
  const html = renderToStaticMarkup(<FormField id="pw" name="password" label="Passwort" {...props} />);
  const texts = [...html.matchAll(/<p id="([^"]+)"[^>]*>([^<]*)<\/p>/g)].map(([, id, text]) => ({ id, text }));
  return { texts, describedBy: /aria-describedby="([^"]*)"/.exec(html)?.[1] };
}

describe("a form field's hint and error", () => {
  it("shows the hint alone, then hint and error when they differ", () => {
    expect(rendered({ hint: "Mindestens 6 Zeichen" })).toEqual({ texts: [{ id: "pw-hint", text: "Mindestens 6 Zeichen" }], describedBy: "pw-hint" });
    expect(rendered({ hint: "Mindestens 6 Zeichen", error: "Bitte ein Passwort eingeben" })).toEqual({
      texts: [
        { id: "pw-hint", text: "Mindestens 6 Zeichen" },
        { id: "pw-error", text: "Bitte ein Passwort eingeben" },
      ],
      describedBy: "pw-hint pw-error",
    });
  });

  it("shows an error that says what the hint says once, as the error (the sign-up's too-short password)", () => {
    expect(de.auth.errors.passwordTooShort).toBe(de.auth.passwordHint);
    expect(rendered({ hint: de.auth.passwordHint, error: de.auth.errors.passwordTooShort })).toEqual({
      texts: [{ id: "pw-error", text: de.auth.passwordHint }],
      describedBy: "pw-error",
    });
  });
});
