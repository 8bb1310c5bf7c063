import { eq, sql } from "drizzle-orm";
import { profiles, reviewReplies, serviceReviews, services } from "~/db/schema";
import { createNotification } from "~/features/notifications/notifications.server";
import { reviewsOrdersDe as t } from "~/i18n/reviews-orders.de";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { displayName } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { refusingVanishedRow } from "~/lib/sql-errors";
import { parseInput } from "~/lib/validation";
import { replySchema } from "./schema";

/**
 * The provider's replies to the reviews of their services (issue #15): one per review, editable,
 * shown under it. Only the owner of the reviewed service may write or remove it.
 */

export interface ReplyTarget {
  actorId: string | null;
  reviewId: string | undefined;
  /** The service page the request came from: a review of another service is "not found" there. */
  serviceId?: string;
}

export interface ReplyToReviewOptions extends ReplyTarget {
  input: Record<string, unknown>;
}

/** The review with what the permission check and the notification need; refuses who may not reply. */
async function reviewForOwner(db: Database, { actorId, reviewId, serviceId }: ReplyTarget) {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!isUuid(reviewId)) throw new AppError("NOT_FOUND", "review_not_found");
  const [review] = await db
    .select({
      serviceId: serviceReviews.serviceId,
      reviewerId: serviceReviews.userId,
      ownerId: services.createdBy,
      title: services.title,
      reviewRemoved: sql<boolean>`${serviceReviews.removedAt} is not null`.mapWith(Boolean),
      serviceListed: services.listed,
    })
    .from(serviceReviews)
    .innerJoin(services, eq(services.id, serviceReviews.serviceId))
    .where(eq(serviceReviews.id, reviewId));
  if (!review || (serviceId !== undefined && review.serviceId !== serviceId)) throw new AppError("NOT_FOUND", "review_not_found");
  if (review.ownerId !== actorId) throw new AppError("FORBIDDEN", "reply_not_service_owner");
  return { ...review, reviewId, actorId };
}

/**
 * Writes the owner's one reply to a review, or replaces its text (a second reply edits the first).
 * The first reply tells the reviewer (a notification linking to the service page); an edit does not
 * tell them again. A review removed by moderation is its author's alone (ADR 023): the owner does
 * not see it, so there is nothing to answer. On a service that is not listed (removed, or its
 * provider suspended) only the owner sees the page: they may still answer there, but the
 * reviewer is not sent to a page that is missing for them.
 */
export async function replyToReview(db: Database, { input, ...target }: ReplyToReviewOptions): Promise<{ created: boolean }> {
  const { reviewId, reviewerId, actorId, serviceId, title, reviewRemoved, serviceListed } = await reviewForOwner(db, target);
  if (reviewRemoved) throw new AppError("NOT_FOUND", "review_not_found");
  const { reply } = parseInput(replySchema, { reply: input.reply ?? "" });
  const now = new Date();
  // The review may be deleted between the check above and this write: then it is "not found".
  const write = () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviewReplies)
        .values({ reviewId, authorId: actorId, reply, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: reviewReplies.reviewId, set: { reply, authorId: actorId, updatedAt: now } })
        // xmax = 0 only for a freshly inserted row: tells create from update in one statement.
        .returning({ created: sql<boolean>`(xmax = 0)` });
      const created = Boolean(row?.created);
      if (created && serviceListed) {
        const [owner] = await tx.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, actorId));
        await createNotification(tx, {
          kind: "reviews",
          userId: reviewerId,
          title: t.reply.notificationTitle,
          message: t.reply.notificationMessage(displayName(owner?.firstName, owner?.lastName), title),
          link: `/services/${serviceId}`,
        });
      }
      return { created };
    });
  return refusingVanishedRow(write, "review_not_found");
}

/** Removes the owner's reply to a review (none there: nothing to do). */
export async function deleteReply(db: Database, target: ReplyTarget): Promise<{ deleted: boolean }> {
  const { reviewId } = await reviewForOwner(db, target);
  const removed = await db.delete(reviewReplies).where(eq(reviewReplies.reviewId, reviewId)).returning({ reviewId: reviewReplies.reviewId });
  return { deleted: removed.length > 0 };
}
