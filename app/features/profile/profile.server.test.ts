import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { favorites, services, user } from "~/db/schema";
import { listFavorites, setFavorite } from "~/features/favorites/favorites.server";
import { de } from "~/i18n/de";
import { profileTestbed } from "../../../tests/support/profile-testbed";
import { testEngine } from "../../../tests/support/test-database";
import { getOwnProfile, saveTheme, updateProfile } from "./profile.server";

const bed = profileTestbed();

describe(`own profile on ${testEngine}`, () => {
  it("saves names, username and bio; the account's display name follows", async () => {
    const { id } = await bed.newUser();
    await updateProfile(bed.db, { actorId: id, input: { firstName: "  Erika ", lastName: "Muster", username: "erika.m", bio: "  Fotografin aus Köln.  " } });
    const profile = await getOwnProfile(bed.db, id);
    expect(profile).toMatchObject({ firstName: "Erika", lastName: "Muster", username: "erika.m", bio: "Fotografin aus Köln." });
    const [account] = await bed.db.select({ name: user.name }).from(user).where(eq(user.id, id));
    expect(account!.name).toBe("Erika Muster");
    // Empty username and bio are stored as "none".
    await updateProfile(bed.db, { actorId: id, input: { firstName: "Erika", lastName: "Muster", username: "  ", bio: "" } });
    expect(await getOwnProfile(bed.db, id)).toMatchObject({ username: null, bio: null });
  });

  it("usernames are unique whatever the letter case, refused at the username field", async () => {
    const a = await bed.newUser();
    const b = await bed.newUser();
    await updateProfile(bed.db, { actorId: a.id, input: { firstName: "A", lastName: "A", username: "Max.Design" } });
    await expect(updateProfile(bed.db, { actorId: b.id, input: { firstName: "B", lastName: "B", username: "max.design" } })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "username_taken",
      field: "username",
    });
    expect((await getOwnProfile(bed.db, b.id))!.username).toBeNull();
    // The owner may change the case of their own name.
    await updateProfile(bed.db, { actorId: a.id, input: { firstName: "A", lastName: "A", username: "max.DESIGN" } });
    expect((await getOwnProfile(bed.db, a.id))!.username).toBe("max.DESIGN");
  });

  it("two people racing for one username: exactly one gets it", async () => {
    const people = await Promise.all([bed.newUser(), bed.newUser(), bed.newUser(), bed.newUser()]);
    const results = await Promise.allSettled(
      people.map((p, i) => updateProfile(bed.db, { actorId: p.id, input: { firstName: "R", lastName: "R", username: i % 2 ? "Rennen" : "rennen" } })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT", reason: "username_taken", field: "username" });
  });

  it.each([["ab"], ["mit leerzeichen"], ["umlaut-ä"], ["a/b"], ["x".repeat(31)], ["<script>"]])("refuses the username %j (URL-safe only)", async (username) => {
    const { id } = await bed.newUser();
    await expect(updateProfile(bed.db, { actorId: id, input: { firstName: "A", lastName: "B", username } })).rejects.toMatchObject({
      code: "INVALID",
      reason: "invalid_input",
      fieldErrors: { username: de.profile.errors.usernameFormat },
    });
  });

  it("bio at most 300 characters; names required; signed-out refused", async () => {
    const { id } = await bed.newUser();
    await updateProfile(bed.db, { actorId: id, input: { firstName: "A", lastName: "B", bio: "x".repeat(300) } });
    await expect(updateProfile(bed.db, { actorId: id, input: { firstName: "A", lastName: "B", bio: "x".repeat(301) } })).rejects.toMatchObject({
      reason: "invalid_input",
      fieldErrors: { bio: de.profile.errors.bioTooLong },
    });
    await expect(updateProfile(bed.db, { actorId: id, input: { firstName: " ", lastName: "B" } })).rejects.toMatchObject({
      reason: "invalid_input",
      fieldErrors: { firstName: de.profile.errors.firstNameRequired },
    });
    await expect(updateProfile(bed.db, { actorId: null, input: { firstName: "A", lastName: "B" } })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      reason: "sign_in_required",
    });
    expect((await getOwnProfile(bed.db, id))!.bio).toHaveLength(300);
  });

  it("keeps the theme with the account", async () => {
    const { id } = await bed.newUser();
    expect((await getOwnProfile(bed.db, id))!.theme).toBe("light");
    await saveTheme(bed.db, { actorId: id, input: { theme: "dark" } });
    expect((await getOwnProfile(bed.db, id))!.theme).toBe("dark");
    await expect(saveTheme(bed.db, { actorId: id, input: { theme: "pink" } })).rejects.toMatchObject({ code: "INVALID", reason: "invalid_theme" });
    expect((await getOwnProfile(bed.db, id))!.theme).toBe("dark");
  });

  it("lists favourites newest first with the description cut to 100 characters", async () => {
    const owner = await bed.newUser({ firstName: "Anna", lastName: "Anbieter" });
    const fan = await bed.newUser();
    const [long, short] = await bed.db
      .insert(services)
      .values([
        { title: "Lang", description: "L".repeat(150), price: "10.00", category: "Design", createdBy: owner.id },
        { title: "Kurz", description: "kurz", price: "20.50", category: "Writing", createdBy: owner.id },
      ])
      .returning({ id: services.id });
    await setFavorite(bed.db, { actorId: fan.id, serviceId: long!.id, on: true });
    await setFavorite(bed.db, { actorId: fan.id, serviceId: short!.id, on: true });
    // "Lang" was saved a day earlier.
    await bed.db
      .update(favorites)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(and(eq(favorites.userId, fan.id), eq(favorites.serviceId, long!.id)));
    const list = await listFavorites(bed.db, fan.id);
    expect(list.map((f) => f.title)).toEqual(["Kurz", "Lang"]);
    expect(list[1]).toMatchObject({ excerpt: "L".repeat(100), truncated: true, category: "Design", price: "10.00", author: { firstName: "Anna", lastName: "Anbieter" } });
    expect(list[0]).toMatchObject({ excerpt: "kurz", truncated: false });
    await setFavorite(bed.db, { actorId: fan.id, serviceId: short!.id, on: false });
    expect((await listFavorites(bed.db, fan.id)).map((f) => f.title)).toEqual(["Lang"]);
  });
});
