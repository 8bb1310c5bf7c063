import { and, desc, eq, exists, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { orders, profiles, reviewReplies, serviceReviews, services } from "~/db/schema";
import { mailNotification } from "~/features/notifications/notification-mail.server";
import { createNotification } from "~/features/notifications/notifications.server";
import { notificationMailDe as mailTexts } from "~/i18n/notification-mail.de";
import { removalDecisionIds } from "~/features/moderation/removals.server";
import { isServiceId } from "~/features/services/service-id";
import { de } from "~/i18n/de";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { refusingVanishedRow } from "~/lib/sql-errors";
import { displayName } from "~/lib/format";

export const REVIEW_TEXT_MAX = 2000;

const ratingSchema = z.coerce
  .number({ message: de.reviews.ratingRequired })
  .int({ message: de.reviews.ratingRequired })
  .min(1, { message: de.reviews.ratingRequired })
  .max(5, { message: de.reviews.ratingRequired });

/** Review text: optional, trimmed, empty becomes null (spec section 5). */
const reviewTextSchema = z
  .string()
  .optional()
  .transform((v) => {
    const trimmed = (v ?? "").trim();
    return trimmed === "" ? null : trimmed;
  })
  .pipe(z.string().max(REVIEW_TEXT_MAX, { message: de.reviews.textTooLong }).nullable());

export interface ReviewView {
  id: string;
  rating: number;
  reviewText: string | null;
  createdAt: Date;
  updatedAt: Date;
  author: { userId: string; firstName: string | null; lastName: string | null; avatarUrl: string | null; username: string | null };
  /** The author has a completed order of this service ("Verifizierter Auftrag"). */
  verified: boolean;
  /** The provider's one answer, shown under the review. */
  reply: { text: string; createdAt: Date; updatedAt: Date } | null;
  /** Removed by moderation: listed for its author only, who sees why (ADR 023). */
  removed: boolean;
  /** For its author: the decision that removed it (null when not removed, or none is known). */
  removalDecisionId: string | null;
}

/**
 * The reviews of a service, newest first, with their authors, whether each is verified, and the
 * provider's reply. Verified means: the reviewer has an order of this very service in the status
 * `completed` (completed by them or automatically); requested, running, delivered, declined or
 * withdrawn orders do not count. The service page's explanation (`reviewsOrdersDe.howChecked`)
 * says exactly this, so change both together.
 *
 * The service is compared with the parameter, not with the review's column: PostgreSQL then
 * reads only this service's orders (`orders_service_idx`) or looks each reviewer up
 * (`orders_buyer_status_idx`). Correlated on the column, it hashed every completed order of
 * the marketplace once per page view (seen with 100,000 orders: 41 ms against 7 ms).
 */
export async function listReviews(db: Database, serviceId: string, viewerId: string | null = null): Promise<ReviewView[]> {
  const completedOrderOfReviewer = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.serviceId, serviceId), eq(orders.buyerId, serviceReviews.userId), eq(orders.status, "completed")));
  const rows = await db
    .select({
      id: serviceReviews.id,
      rating: serviceReviews.rating,
      reviewText: serviceReviews.reviewText,
      createdAt: serviceReviews.createdAt,
      updatedAt: serviceReviews.updatedAt,
      userId: serviceReviews.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      username: profiles.username,
      verified: sql<boolean>`${exists(completedOrderOfReviewer)}`,
      replyText: reviewReplies.reply,
      replyCreatedAt: reviewReplies.createdAt,
      replyUpdatedAt: reviewReplies.updatedAt,
      removedAt: serviceReviews.removedAt,
    })
    .from(serviceReviews)
    .leftJoin(profiles, eq(profiles.userId, serviceReviews.userId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, serviceReviews.id))
    .where(
      and(
        eq(serviceReviews.serviceId, serviceId),
        // A removed review is its author's alone (ADR 023).
        viewerId ? or(isNull(serviceReviews.removedAt), eq(serviceReviews.userId, viewerId)) : isNull(serviceReviews.removedAt),
      ),
    )
    .orderBy(desc(serviceReviews.createdAt), desc(serviceReviews.id))
    .limit(200);
  // Only the viewer's own reviews can be removed here: the decisions about them, where they read why.
  const removedIds = viewerId ? rows.filter((r) => r.removedAt !== null).map((r) => r.id) : [];
  const decisions = viewerId ? await removalDecisionIds(db, { kind: "review", itemIds: removedIds, authorId: viewerId }) : new Map<string, string>();
  return rows.map(({ userId, firstName, lastName, avatarUrl, username, verified, replyText, replyCreatedAt, replyUpdatedAt, removedAt, ...review }) => ({
    ...review,
    removed: removedAt !== null,
    removalDecisionId: decisions.get(review.id) ?? null,
    author: { userId, firstName, lastName, avatarUrl, username },
    verified: Boolean(verified),
    reply: replyText !== null && replyCreatedAt && replyUpdatedAt ? { text: replyText, createdAt: replyCreatedAt, updatedAt: replyUpdatedAt } : null,
  }));
}

/** The viewer's own review of a service, also when moderation removed it (then it cannot be changed). */
export async function getOwnReview(db: Database, serviceId: string, userId: string): Promise<{ rating: number; reviewText: string | null; removed: boolean } | null> {
  const [row] = await db
    .select({ rating: serviceReviews.rating, reviewText: serviceReviews.reviewText, removedAt: serviceReviews.removedAt })
    .from(serviceReviews)
    .where(and(eq(serviceReviews.serviceId, serviceId), eq(serviceReviews.userId, userId)));
  return row ? { rating: row.rating, reviewText: row.reviewText, removed: row.removedAt !== null } : null;
}

export interface ReviewOptions {
  actorId: string | null;
  serviceId: string | undefined;
  input: Record<string, unknown>;
  /** "rate": a star click saves the rating only; "review": rating plus text. */
  mode: "rate" | "review";
}

/**
 * Creates or updates the actor's one review of a service. The owner may not
 * review their own service. The service's average and count are kept by the
 * database trigger in the same transaction. A review removed by moderation stays as it was
 * decided on (ADR 023): changing it is refused (`review_removed`); the way back is the objection.
 */
export async function saveReview(db: Database, { actorId, serviceId, input, mode }: ReviewOptions): Promise<{ created: boolean }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!isServiceId(serviceId)) throw new AppError("NOT_FOUND", "service_not_found");
  const rating = ratingSchema.safeParse(input.rating);
  if (!rating.success) throw new AppError("INVALID", "rating_required", { field: "rating" });
  const text = reviewTextSchema.safeParse(input.reviewText);
  if (mode === "review" && !text.success) throw new AppError("INVALID", "review_too_long", { field: "reviewText" });

  const [service] = await db.select({ createdBy: services.createdBy, title: services.title, listed: services.listed }).from(services).where(eq(services.id, serviceId));
  // Removed by moderation or its provider suspended: as missing for everyone but its author (ADR 023).
  if (!service || (!service.listed && service.createdBy !== actorId)) throw new AppError("NOT_FOUND", "service_not_found");
  if (service.createdBy === actorId) throw new AppError("FORBIDDEN", "own_service_review");

  const now = new Date();
  const values = { serviceId, userId: actorId, rating: rating.data, reviewText: mode === "review" && text.success ? text.data : null };
  const set = mode === "review" ? { rating: values.rating, reviewText: values.reviewText, updatedAt: now } : { rating: values.rating, updatedAt: now };
  // The service may be deleted between the check above and this write: then it is "not found".
  const write = () => db.transaction(async (tx) => {
    const [row] = await tx
      .insert(serviceReviews)
      .values(values)
      // Checked with the write itself, so a removal at the same moment cannot slip between.
      .onConflictDoUpdate({ target: [serviceReviews.serviceId, serviceReviews.userId], set, setWhere: isNull(serviceReviews.removedAt) })
      // xmax = 0 only for a freshly inserted row: tells create from update in one statement.
      .returning({ created: sql<boolean>`(xmax = 0)` });
    // No row: the review exists and is removed, so the update was skipped.
    if (!row) throw new AppError("FORBIDDEN", "review_removed");
    const created = Boolean(row.created);
    if (created) {
      const [actor] = await tx.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, actorId));
      const message = de.reviews.notificationMessage(displayName(actor?.firstName, actor?.lastName), values.rating, service.title);
      await createNotification(tx, { kind: "reviews", userId: service.createdBy, title: de.reviews.notificationTitle, message, link: `/services/${serviceId}` });
      // And by e-mail, when the provider wants review mails (issue #18).
      await mailNotification(tx, {
        kind: "reviews",
        userId: service.createdBy,
        subject: mailTexts.review.subject(service.title),
        text: mailTexts.review.text(message, values.reviewText),
        button: mailTexts.review.button,
        path: `/services/${serviceId}`,
        note: mailTexts.review.note,
      });
    }
    return { created };
  });
  return refusingVanishedRow(write, "service_not_found");
}
