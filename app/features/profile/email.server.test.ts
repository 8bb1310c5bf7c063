import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "~/db/schema";
import { signIn, signUp } from "~/features/auth/accounts.server";
import type { Auth } from "~/features/auth/auth.server";
import { de } from "~/i18n/de";
import { clientRequest, cookieFrom, createTestAuth, ctxFor, linkIn, type MemoryMailer } from "../../../tests/support/auth-fixtures";
import { profileTestbed } from "../../../tests/support/profile-testbed";
import { testEngine } from "../../../tests/support/test-database";
import { requestEmailChange } from "./email.server";
import { getOwnProfile, saveTheme } from "./profile.server";

const bed = profileTestbed();

describe(`e-mail change on ${testEngine}`, () => {
  let auth: Auth;
  let mailer: MemoryMailer;
  let ip = 0;
  const request = (cookie?: string) => clientRequest({ ip: `192.0.2.${++ip}`, cookie, path: "/profile" });

  beforeAll(() => {
    ({ auth, mailer } = createTestAuth(bed.db));
  });

  async function registered(email: string) {
    const values = { firstName: "Eva", lastName: "Wechsel", email, password: "geheim123", terms: "on" };
    await signUp(ctxFor(auth, bed.db, request()), values);
    await bed.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const result = await signIn(ctxFor(auth, bed.db, request()), { email, password: "geheim123" });
    const [row] = await bed.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { id: row!.id, cookie: cookieFrom(result.headers), headers: result.headers };
  }

  it("mails a link to the new address and changes account and profile only when it is opened", async () => {
    const { id, cookie } = await registered("alt.adresse@example.de");
    await expect(
      requestEmailChange({ auth, db: bed.db, request: request(cookie) }, { actorId: id, currentEmail: "alt.adresse@example.de", input: { newEmail: "neu@example.de", password: "falsch" } }),
    ).rejects.toMatchObject({ code: "INVALID", reason: "wrong_password", field: "password" });
    await expect(
      requestEmailChange({ auth, db: bed.db, request: request(cookie) }, { actorId: id, currentEmail: "alt.adresse@example.de", input: { newEmail: "ALT.adresse@example.de", password: "geheim123" } }),
    ).rejects.toMatchObject({ code: "INVALID", reason: "email_unchanged", field: "newEmail" });

    await requestEmailChange(
      { auth, db: bed.db, request: request(cookie) },
      { actorId: id, currentEmail: "alt.adresse@example.de", input: { newEmail: " Neu.Adresse@Example.de ", password: "geheim123" } },
    );
    const mail = await mailer.waitFor("neu.adresse@example.de", /neue E-Mail-Adresse/);
    expect(mail.text).toContain(de.mail.changeEmailText);
    // Nothing changes before the link is opened.
    expect(await getOwnProfile(bed.db, id)).toMatchObject({ email: "alt.adresse@example.de" });
    const [profileBefore] = await bed.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, id));
    expect(profileBefore!.email).toBe("alt.adresse@example.de");

    const response = await auth.handler(new Request(linkIn(mail), { headers: { Cookie: cookie } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/profile/email-confirmed");
    const [account] = await bed.db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, id));
    expect(account).toEqual({ email: "neu.adresse@example.de", verified: true });
    const [profileAfter] = await bed.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, id));
    expect(profileAfter!.email).toBe("neu.adresse@example.de");
    // The previous address is told, with the new one masked; before the link it was told nothing.
    const notice = await mailer.waitFor("alt.adresse@example.de", /E-Mail-Adresse wurde geändert/);
    expect(notice.text).toMatch(/^Hallo Eva,/);
    expect(notice.text).toContain("auf ne…@example.de.");
    expect(notice.text).not.toContain("neu.adresse@example.de");
    expect(notice.text).toContain("/imprint");
    expect(mailer.sent.filter((m) => m.to === "alt.adresse@example.de" && /geändert/.test(m.subject))).toHaveLength(1);
    // The new address signs in.
    await expect(signIn(ctxFor(auth, bed.db, request()), { email: "neu.adresse@example.de", password: "geheim123" })).resolves.toHaveProperty("headers");
  });

  it("an address that is taken answers like a free one and changes nothing", async () => {
    await registered("besetzt@example.de");
    const { id, cookie } = await registered("moechte.wechseln@example.de");
    const sentBefore = mailer.sent.length;
    await requestEmailChange(
      { auth, db: bed.db, request: request(cookie) },
      { actorId: id, currentEmail: "moechte.wechseln@example.de", input: { newEmail: "besetzt@example.de", password: "geheim123" } },
    );
    // Then a change to a free address: once its mail is out, a mail to the taken one would be out too.
    await requestEmailChange(
      { auth, db: bed.db, request: request(cookie) },
      { actorId: id, currentEmail: "moechte.wechseln@example.de", input: { newEmail: "noch.frei@example.de", password: "geheim123" } },
    );
    await mailer.waitFor("noch.frei@example.de", /neue E-Mail-Adresse/);
    expect(mailer.sent.slice(sentBefore).filter((m) => m.to === "besetzt@example.de")).toEqual([]);
    expect((await getOwnProfile(bed.db, id))!.email).toBe("moechte.wechseln@example.de");
  });

  it("refuses without a session", async () => {
    await expect(
      requestEmailChange({ auth, db: bed.db, request: request() }, { actorId: null, currentEmail: "", input: { newEmail: "x@example.de", password: "x" } }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED", reason: "sign_in_required" });
  });

  it("signing in brings the theme kept with the account", async () => {
    const { id } = await registered("dunkel@example.de");
    await saveTheme(bed.db, { actorId: id, input: { theme: "dark" } });
    const result = await signIn(ctxFor(auth, bed.db, request()), { email: "dunkel@example.de", password: "geheim123" });
    expect(result.headers.getSetCookie().some((c) => /^theme=dark;/.test(c))).toBe(true);
  });
});
