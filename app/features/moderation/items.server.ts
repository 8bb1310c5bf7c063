import { eq } from "drizzle-orm";
import { conversations, messages, profiles, serviceComments, serviceReviews, services } from "~/db/schema";
import { REPORT_ITEM_KINDS, type ReportItemKind } from "~/db/schema/moderation";
import { VIEW_PATH, viewOf } from "~/features/messaging/conversations.server";
import type { Database } from "~/lib/db.server";
import { displayName } from "~/lib/format";
import { isUuid } from "~/lib/ids";

/**
 * A reportable item as the moderation sees it (ADR 023): whose it is, what it says, where it is,
 * and whether it is removed. One reader per kind; reporting and the case page share them.
 */
export interface ModerationItem {
  kind: ReportItemKind;
  id: string;
  authorId: string | null;
  /** A title or the first words: the case's summary, the mails' "„…“". */
  summary: string;
  /** The item as its author sees it: heading and text. */
  heading: string;
  body: string;
  /** Where the item is shown (for its author and for the moderation). */
  link: string | null;
  removed: boolean;
  /** For a message: the two participants (only the receiving one may report it). */
  participants?: [string | null, string | null];
  /** Whether the public sees it apart from moderation (a service of a suspended provider does not). */
  publiclyVisible: boolean;
}

export function isReportItemKind(value: unknown): value is ReportItemKind {
  return typeof value === "string" && (REPORT_ITEM_KINDS as readonly string[]).includes(value);
}

/** User ids (Better Auth's) are short URL-safe strings; anything else names no profile. */
function isUserId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

export function isItemId(kind: ReportItemKind, id: unknown): id is string {
  if (typeof id !== "string") return false;
  return kind === "profile" ? isUserId(id) : isUuid(id);
}

const SUMMARY_MAX = 80;

function summarise(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SUMMARY_MAX ? `${flat.slice(0, SUMMARY_MAX - 1)}…` : flat;
}

/** The item, whatever its state, or null when it does not exist (any more). */
export async function loadModerationItem(db: Database, kind: ReportItemKind, id: unknown): Promise<ModerationItem | null> {
  if (!isItemId(kind, id)) return null;
  switch (kind) {
    case "service": {
      const [row] = await db
        .select({ title: services.title, description: services.description, authorId: services.createdBy, removedAt: services.removedAt, listed: services.listed })
        .from(services)
        .where(eq(services.id, id));
      if (!row) return null;
      return {
        kind,
        id,
        authorId: row.authorId,
        summary: summarise(row.title),
        heading: row.title,
        body: row.description,
        link: `/services/${id}`,
        removed: row.removedAt !== null,
        publiclyVisible: row.listed,
      };
    }
    case "review": {
      const [row] = await db
        .select({
          rating: serviceReviews.rating,
          text: serviceReviews.reviewText,
          authorId: serviceReviews.userId,
          removedAt: serviceReviews.removedAt,
          serviceId: services.id,
          serviceTitle: services.title,
          listed: services.listed,
        })
        .from(serviceReviews)
        .innerJoin(services, eq(services.id, serviceReviews.serviceId))
        .where(eq(serviceReviews.id, id));
      if (!row) return null;
      const heading = `${row.rating} von 5 Sternen zu „${row.serviceTitle}“`;
      return {
        kind,
        id,
        authorId: row.authorId,
        summary: summarise(row.text || heading),
        heading,
        body: row.text ?? "",
        link: `/services/${row.serviceId}#review-${id}`,
        removed: row.removedAt !== null,
        publiclyVisible: row.listed && row.removedAt === null,
      };
    }
    case "comment": {
      const [row] = await db
        .select({
          text: serviceComments.comment,
          authorId: serviceComments.userId,
          removedAt: serviceComments.removedAt,
          serviceId: services.id,
          serviceTitle: services.title,
          listed: services.listed,
        })
        .from(serviceComments)
        .innerJoin(services, eq(services.id, serviceComments.serviceId))
        .where(eq(serviceComments.id, id));
      if (!row) return null;
      return {
        kind,
        id,
        authorId: row.authorId,
        summary: summarise(row.text),
        heading: `Kommentar zu „${row.serviceTitle}“`,
        body: row.text,
        link: `/services/${row.serviceId}#comment-${id}`,
        removed: row.removedAt !== null,
        publiclyVisible: row.listed && row.removedAt === null,
      };
    }
    case "profile": {
      const [row] = await db
        .select({ firstName: profiles.firstName, lastName: profiles.lastName, username: profiles.username, bio: profiles.bio, removedAt: profiles.removedAt, suspendedAt: profiles.suspendedAt })
        .from(profiles)
        .where(eq(profiles.userId, id));
      if (!row) return null;
      const name = displayName(row.firstName, row.lastName);
      return {
        kind,
        id,
        authorId: id,
        summary: summarise(row.username ? `${name} (@${row.username})` : name),
        heading: name,
        body: row.bio ?? "",
        link: `/public-profile/${encodeURIComponent(id)}`,
        removed: row.removedAt !== null,
        publiclyVisible: row.removedAt === null && row.suspendedAt === null,
      };
    }
    case "message": {
      const [row] = await db
        .select({
          content: messages.content,
          fileName: messages.fileName,
          authorId: messages.senderId,
          removedAt: messages.removedAt,
          conversationId: conversations.id,
          conversationKind: conversations.kind,
          user1Id: conversations.user1Id,
          user2Id: conversations.user2Id,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(eq(messages.id, id));
      if (!row) return null;
      const body = row.content || (row.fileName ? `Datei: ${row.fileName}` : "");
      return {
        kind,
        id,
        authorId: row.authorId,
        summary: summarise(body),
        heading: "Nachricht im Chat",
        body,
        link: `${VIEW_PATH[viewOf(row.conversationKind)]}/${row.conversationId}`,
        removed: row.removedAt !== null,
        participants: [row.user1Id, row.user2Id],
        publiclyVisible: row.removedAt === null,
      };
    }
  }
}

/**
 * The item a viewer may report, or null (404): what they can see, not their own. A message only
 * by the participant who received it.
 */
export async function reportableItem(db: Database, kind: ReportItemKind, id: unknown, viewerId: string | null): Promise<ModerationItem | null> {
  const item = await loadModerationItem(db, kind, id);
  if (!item || !item.publiclyVisible) return null;
  if (viewerId !== null && item.authorId === viewerId) return null;
  if (kind === "message") {
    if (!viewerId || !item.participants?.includes(viewerId)) return null;
  }
  return item;
}
