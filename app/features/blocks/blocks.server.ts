import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { profiles, userBlocks } from "~/db/schema";
import { publish } from "~/features/realtime/realtime.server";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { displayName } from "~/lib/format";

/**
 * Blocking a user (issue #19, ADR 024). A block is one row (blocker, blocked); while it stands the
 * two do not write to each other and the blocked person cannot order from the blocker. The rules
 * that follow from a block live where the action is (messaging, presence, orders); they ask here.
 */

/** A database or a transaction on it (reads only need `select`). */
type Reader = Pick<Database, "select">;

export interface BlockState {
  /** The viewer blocked the other person (the viewer may know this). */
  blockedByMe: boolean;
  /** The other person blocked the viewer: never sent to the viewer's screen (they are not told). */
  blockedMe: boolean;
}

/** Whether either of the two blocked the other, seen from `me`. */
export async function blockStateBetween(db: Reader, me: string, other: string | null): Promise<BlockState> {
  if (!other || other === me) return { blockedByMe: false, blockedMe: false };
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)),
        and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, me)),
      ),
    );
  return { blockedByMe: rows.some((r) => r.blockerId === me), blockedMe: rows.some((r) => r.blockerId === other) };
}

/** Whether a block stands between the two, in either direction. */
export async function isBlockedEitherWay(db: Reader, a: string, b: string | null): Promise<boolean> {
  const state = await blockStateBetween(db, a, b);
  return state.blockedByMe || state.blockedMe;
}

/** Which of `others` have a block with `me`, in either direction. */
export async function blockedEitherWayAmong(db: Reader, me: string, others: string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, me), inArray(userBlocks.blockedId, others)),
        and(eq(userBlocks.blockedId, me), inArray(userBlocks.blockerId, others)),
      ),
    );
  return new Set(rows.map((b) => (b.blockerId === me ? b.blockedId : b.blockerId)));
}

/**
 * SQL: no block stands between the user `userId` and the user in the column `otherColumn` (either
 * direction); for queries that fan out to many people (presence announcements).
 */
export function noBlockBetweenSql(userId: string, otherColumn: SQL): SQL {
  return sql`not exists (
    select 1 from user_blocks b
    where (b.blocker_id = ${userId} and b.blocked_id = ${otherColumn})
       or (b.blocker_id = ${otherColumn} and b.blocked_id = ${userId})
  )`;
}

/** SQL: the user in `recipient` blocked the user in `sender` (for mail about messages, e.g. the digest). */
export function blockedSenderSql(recipient: SQL, sender: SQL): SQL {
  return sql`exists (select 1 from user_blocks b where b.blocker_id = ${recipient} and b.blocked_id = ${sender})`;
}

/**
 * Refuses a write from `me` to `other` while a block stands. The blocker is told why (they know,
 * and can lift it); the blocked person gets the same neutral refusal as for a message that could
 * not be sent, never that they were blocked.
 */
export async function assertNotBlocked(db: Reader, me: string, other: string | null, refusals: { blockedMe: "message_undeliverable" | "order_undeliverable"; blockedByMe: "blocked_by_you" | "order_blocked_by_you" }): Promise<void> {
  const state = await blockStateBetween(db, me, other);
  if (state.blockedByMe) throw new AppError("FORBIDDEN", refusals.blockedByMe);
  if (state.blockedMe) throw new AppError("FORBIDDEN", refusals.blockedMe);
}

export interface BlockOptions {
  actorId: string | null;
  userId: string | undefined;
}

async function existingPerson(db: Reader, userId: string | undefined) {
  if (!userId) throw new AppError("NOT_FOUND", "block_user_not_found");
  const [person] = await db
    .select({ userId: profiles.userId, firstName: profiles.firstName, lastName: profiles.lastName, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!person) throw new AppError("NOT_FOUND", "block_user_not_found");
  return { ...person, name: displayName(person.firstName, person.lastName) };
}

/** The person a block page is about, and whether the actor blocked them. */
export async function blockTarget(db: Database, { actorId, userId }: BlockOptions) {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (userId === actorId) throw new AppError("INVALID", "block_self");
  const person = await existingPerson(db, userId);
  const { blockedByMe } = await blockStateBetween(db, actorId, person.userId);
  return { person, blockedByMe };
}

/**
 * Both people's open chats re-read each other's presence (which a block hides, or shows again):
 * the ordinary ids-only presence event, the same as when someone goes offline or hides their
 * status, so it tells the blocked person nothing about a block.
 */
async function presenceChanged(tx: Pick<Database, "execute">, a: string, b: string) {
  await publish(tx, [b], { type: "presence", userId: a });
  await publish(tx, [a], { type: "presence", userId: b });
}

/**
 * Blocks a user. Blocking oneself is refused; blocking someone already blocked changes nothing
 * (the first block's date stays). The blocked person is not told: no notification, and only the
 * presence event above. Returns the blocked person's name (for the blocker's confirmation).
 */
export async function blockUser(db: Database, options: BlockOptions): Promise<{ name: string; created: boolean }> {
  const { person } = await blockTarget(db, options);
  const actorId = options.actorId!;
  const created = await db.transaction(async (tx) => {
    const rows = await tx.insert(userBlocks).values({ blockerId: actorId, blockedId: person.userId }).onConflictDoNothing().returning({ blockedId: userBlocks.blockedId });
    if (rows.length > 0) await presenceChanged(tx, actorId, person.userId);
    return rows.length > 0;
  });
  return { name: person.name, created };
}

/**
 * Lifts the actor's own block of a user. Only the blocker can: a request about a block the actor
 * did not make (none, or one made by the other person) is NOT_FOUND and changes nothing.
 */
export async function unblockUser(db: Database, { actorId, userId }: BlockOptions): Promise<{ name: string }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!userId) throw new AppError("NOT_FOUND", "block_not_found");
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, actorId), eq(userBlocks.blockedId, userId)))
      .returning({ blockedId: userBlocks.blockedId });
    if (removed.length === 0) throw new AppError("NOT_FOUND", "block_not_found");
    await presenceChanged(tx, actorId, userId);
  });
  const [person] = await db.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, userId));
  return { name: displayName(person?.firstName, person?.lastName) };
}

export interface BlockedUserView {
  userId: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  avatarUrl: string | null;
  blockedAt: string;
}

/** "Blockierte Nutzer" on the profile: whom the user blocked, latest first (never who blocked them). */
export async function listBlockedUsers(db: Reader, actorId: string): Promise<BlockedUserView[]> {
  const rows = await db
    .select({
      userId: userBlocks.blockedId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .leftJoin(profiles, eq(profiles.userId, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, actorId))
    .orderBy(desc(userBlocks.createdAt), userBlocks.blockedId);
  return rows.map((r) => ({ ...r, name: displayName(r.firstName, r.lastName), blockedAt: r.blockedAt.toISOString() }));
}
