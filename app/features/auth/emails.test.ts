import { describe, expect, it } from "vitest";
import { changeEmailMail, existingAccountMail, maskedEmail, passwordResetMail, verificationMail } from "./emails";

describe("maskedEmail", () => {
  it("keeps the first two characters of the local part and the domain", () => {
    expect(maskedEmail("neu.adresse@example.de")).toBe("ne…@example.de");
    expect(maskedEmail("ab@example.de")).toBe("a…@example.de");
    expect(maskedEmail("a@example.de")).toBe("a…@example.de");
    expect(maskedEmail("kein-at")).toBe("…");
  });
});

describe("the account mails each close with their own note", () => {
  const url = "https://marktplatz.example/link";

  it("the confirmation of a new address speaks of the change, not of a registration", () => {
    const mail = changeEmailMail("neu@example.de", "Petra", url);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Wenn Sie diese Änderung nicht angefordert haben, können Sie diese E-Mail ignorieren");
      expect(body).toContain("Der Link ist 24 Stunden gültig.");
      expect(body).not.toMatch(/registriert/);
    }
  });

  it("the registration mail keeps its own note", () => {
    expect(verificationMail("neu@example.de", "Petra", url).text).toContain("Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.");
  });

  it("the note to an address registered already does not claim a one-hour, one-time link: its link leads to /forgot-password", () => {
    const mail = existingAccountMail("petra@example.de", "Petra", "https://marktplatz.example/forgot-password");
    expect(mail.text).toContain("Passwort zurücksetzen: https://marktplatz.example/forgot-password");
    expect(mail.text).toContain("Ihr Konto und Ihr Passwort bleiben unverändert.");
    expect(mail.text).not.toMatch(/eine Stunde gültig|nur einmal/);
    // The reset mail's own link does expire: its note says so.
    expect(passwordResetMail("petra@example.de", "Petra", url).text).toContain("Der Link ist eine Stunde gültig und kann nur einmal verwendet werden.");
  });
});
