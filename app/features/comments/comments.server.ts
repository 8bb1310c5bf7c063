import { and, desc, eq, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { profiles, serviceComments, services } from "~/db/schema";
import { mailNotification } from "~/features/notifications/notification-mail.server";
import { createNotification } from "~/features/notifications/notifications.server";
import { notificationMailDe as mailTexts } from "~/i18n/notification-mail.de";
import { removalDecisionIds } from "~/features/moderation/removals.server";
import { isServiceId } from "~/features/services/service-id";
import { de } from "~/i18n/de";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { refusingVanishedRow } from "~/lib/sql-errors";
import { parseInput } from "~/lib/validation";
import { displayName } from "~/lib/format";

export const COMMENT_MAX = 2000;

const commentSchema = z
  .string({ message: de.comments.required })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, { message: de.comments.required }).max(COMMENT_MAX, { message: de.comments.tooLong }));

const commentForm = z.object({ comment: commentSchema });

export interface CommentView {
  id: string;
  comment: string;
  createdAt: Date;
  author: { userId: string; firstName: string | null; lastName: string | null; avatarUrl: string | null };
  /** Removed by moderation: listed for its author only, who sees why (ADR 023). */
  removed: boolean;
  /** For its author: the decision that removed it (null when not removed, or none is known). */
  removalDecisionId: string | null;
}

/** The comments of a service, newest first; a removed one only for its author. */
export async function listComments(db: Database, serviceId: string, viewerId: string | null = null): Promise<CommentView[]> {
  const rows = await db
    .select({
      id: serviceComments.id,
      comment: serviceComments.comment,
      createdAt: serviceComments.createdAt,
      userId: serviceComments.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      removedAt: serviceComments.removedAt,
    })
    .from(serviceComments)
    .leftJoin(profiles, eq(profiles.userId, serviceComments.userId))
    .where(
      and(
        eq(serviceComments.serviceId, serviceId),
        viewerId ? or(isNull(serviceComments.removedAt), eq(serviceComments.userId, viewerId)) : isNull(serviceComments.removedAt),
      ),
    )
    .orderBy(desc(serviceComments.createdAt), desc(serviceComments.id))
    .limit(200);
  // Only the viewer's own comments can be removed here: the decisions about them, where they read why.
  const removedIds = viewerId ? rows.filter((r) => r.removedAt !== null).map((r) => r.id) : [];
  const decisions = viewerId ? await removalDecisionIds(db, { kind: "comment", itemIds: removedIds, authorId: viewerId }) : new Map<string, string>();
  return rows.map(({ userId, firstName, lastName, avatarUrl, removedAt, ...c }) => ({
    ...c,
    removed: removedAt !== null,
    removalDecisionId: decisions.get(c.id) ?? null,
    author: { userId, firstName, lastName, avatarUrl },
  }));
}

export interface AddCommentOptions {
  actorId: string | null;
  serviceId: string | undefined;
  input: Record<string, unknown>;
}

export async function addComment(db: Database, { actorId, serviceId, input }: AddCommentOptions): Promise<{ id: string }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!isServiceId(serviceId)) throw new AppError("NOT_FOUND", "service_not_found");
  const { comment } = parseInput(commentForm, { comment: input.comment ?? "" });
  const [service] = await db.select({ createdBy: services.createdBy, title: services.title, listed: services.listed }).from(services).where(eq(services.id, serviceId));
  // Removed by moderation or its provider suspended: as missing for everyone but its author (ADR 023).
  if (!service || (!service.listed && service.createdBy !== actorId)) throw new AppError("NOT_FOUND", "service_not_found");
  // The service may be deleted between the check above and this write: then it is "not found".
  const write = () => db.transaction(async (tx) => {
    const [row] = await tx.insert(serviceComments).values({ serviceId, userId: actorId, comment }).returning({ id: serviceComments.id });
    // The owner hears about comments by others.
    if (service.createdBy !== actorId) {
      const [actor] = await tx.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, actorId));
      const message = de.comments.notificationMessage(displayName(actor?.firstName, actor?.lastName), service.title);
      await createNotification(tx, { kind: "reviews", userId: service.createdBy, title: de.comments.notificationTitle, message, link: `/services/${serviceId}` });
      // And by e-mail, when the provider wants mails about reviews and comments (issue #18).
      await mailNotification(tx, {
        kind: "reviews",
        userId: service.createdBy,
        subject: mailTexts.comment.subject(service.title),
        text: mailTexts.comment.text(message, comment),
        button: mailTexts.comment.button,
        path: `/services/${serviceId}`,
        note: mailTexts.comment.note,
      });
    }
    return { id: row!.id };
  });
  return refusingVanishedRow(write, "service_not_found");
}
