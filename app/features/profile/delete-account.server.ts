import { eq, sql } from "drizzle-orm";
import {
  account,
  favorites,
  notifications,
  profiles,
  purchases,
  serviceComments,
  serviceReviews,
  services,
  session,
  supportTickets,
  user,
  moderationReports,
} from "~/db/schema";
import { publish } from "~/features/realtime/realtime.server";
import { de } from "~/i18n/de";
import { env } from "~/lib/env.server";
import { queuedMailer } from "~/lib/jobs/index.server";
import { actionMail } from "~/lib/mail-layout";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import type { FileStorage } from "~/lib/storage.server";
import { endOrdersOfDeletedAccount } from "~/features/orders/orders.server";
import { ticketFileKeysOfAuthor } from "~/features/support/replies.server";
import { deleteAccountSchema } from "./schema";

/**
 * Deletes an account (spec section 7, "Account deletion"). The confirmation word is checked
 * here, not only in the dialog. The database part is one transaction: the user's favourites,
 * reviews (= ratings), comments, services, purchases, notifications, support tickets, profile,
 * sessions, credentials and the account go together or not at all. Chat messages stay: their
 * sender becomes null ('Unknown User'). Rating averages of other people's services stay exact,
 * because the review trigger recounts each affected service inside this transaction.
 * Orders: open ones end (endOrdersOfDeletedAccount); orders and issued invoices are business
 * records of the other party too and stay, with the person's id nulled and the invoice's copies
 * of names and addresses kept for the statutory retention period (GDPR art. 17(3)(b), §147 AO).
 * The avatar, gallery and service image files, and the files of the user's ticket conversations,
 * are removed after the commit; chat attachments, delivery files
 * and invoice PDFs stay with the retained records.
 * A last mail confirms the deletion to the account's address (queued in the same transaction, so
 * it is sent exactly when the deletion commits): the owner learns of it also when someone else
 * did it with their session.
 */
export async function deleteAccount(
  db: Database,
  storage: FileStorage,
  { actorId, input }: { actorId: string | null; input: Record<string, unknown> },
): Promise<void> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const parsed = deleteAccountSchema.safeParse(input);
  if (!parsed.success) throw new AppError("INVALID", "confirmation_wrong", { field: "confirmation" });

  const ticketFiles = await db.transaction(async (tx) => {
    // Open orders end first (the other party is told); completed ones and invoices stay (retention).
    // Before the user row is locked: a transition locks its order, then reads the users it names,
    // so taking the orders first here keeps the two from waiting on each other.
    await endOrdersOfDeletedAccount(tx, actorId);
    const [found] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, actorId)).for("update");
    if (!found) throw new AppError("NOT_FOUND", "profile_not_found");
    const [names] = await tx.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, actorId));
    await tx.delete(favorites).where(eq(favorites.userId, actorId));
    await tx.delete(serviceReviews).where(eq(serviceReviews.userId, actorId));
    await tx.delete(serviceComments).where(eq(serviceComments.userId, actorId));
    // The user's services take their own reviews, comments and others' favourites with them.
    await tx.delete(services).where(eq(services.createdBy, actorId));
    await tx.delete(purchases).where(eq(purchases.buyerId, actorId));
    await tx.delete(notifications).where(eq(notifications.userId, actorId));
    // The user's reports stay without anything that names them: a notice is part of the record of
    // its case (and counts in the transparency report), its sender is not. Decisions about their
    // content stay too, with the author, the affected user and the audit's actor nulled by their
    // keys (ADR 023).
    await tx
      .update(moderationReports)
      .set({ reporterId: null, reporterName: null, reporterEmail: null, clientKey: "", reporterKey: sql`'deleted:' || ${moderationReports.id}` })
      .where(eq(moderationReports.reporterId, actorId));
    // The user's tickets take their whole conversations along (both sides' replies, by cascade);
    // their files go after the commit. Replies the user wrote as support staff on other people's
    // tickets stay, marked as from support, their author id nulled (ADR 022).
    const ticketFiles = await ticketFileKeysOfAuthor(tx, actorId);
    await tx.delete(supportTickets).where(eq(supportTickets.userId, actorId));
    await tx.delete(profiles).where(eq(profiles.userId, actorId));
    await tx.delete(session).where(eq(session.userId, actorId));
    await tx.delete(account).where(eq(account.userId, actorId));
    // Messages and conversations keep their rows; their user references become null.
    await tx.delete(user).where(eq(user.id, actorId));
    // The account's open event streams (other tabs) end when this commits.
    await publish(tx, [actorId], { type: "session.ended" });
    await queuedMailer(tx).send(
      actionMail({
        to: found.email,
        name: names?.firstName ?? "",
        subject: de.mail.accountDeletedSubject,
        text: de.mail.accountDeletedText,
        button: de.mail.accountDeletedButton,
        url: `${env().baseUrl}/privacy`,
        note: de.mail.accountDeletedNote,
      }),
    );
    return ticketFiles;
  });

  // Service images (also the create form's drafts) are all under the account's folder.
  const results = await Promise.allSettled([
    storage.deletePrefix(`avatars/${actorId}`),
    storage.deletePrefix(`gallery/${actorId}`),
    storage.deletePrefix(`service-images/${actorId}/`),
    ...ticketFiles.map((key) => storage.delete(key)),
  ]);
  for (const result of results) {
    if (result.status === "rejected") log.error({ err: result.reason }, "Files of a deleted account could not be removed");
  }
}
