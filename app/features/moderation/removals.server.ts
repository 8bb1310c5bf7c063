import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { moderationCases, moderationDecisions } from "~/db/schema";
import type { ReportItemKind } from "~/db/schema/moderation";
import type { Database } from "~/lib/db.server";

/**
 * Where the author of removed items reads why (ADR 023): for each item, the latest decision of its
 * case about them that is not a dismissal (the removal, or its confirmation after an objection),
 * as item id → decision id. Asked only for the viewer's own removed items, which are few; the
 * lists themselves stay on the items' own rows. An item without such a decision is left out (its
 * author then gets the list of all decisions).
 */
export async function removalDecisionIds(db: Database, { kind, itemIds, authorId }: { kind: ReportItemKind; itemIds: string[]; authorId: string }): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([moderationCases.itemId], { itemId: moderationCases.itemId, decisionId: moderationDecisions.id })
    .from(moderationCases)
    .innerJoin(moderationDecisions, eq(moderationDecisions.caseId, moderationCases.id))
    .where(
      and(
        eq(moderationCases.itemKind, kind),
        inArray(moderationCases.itemId, itemIds),
        eq(moderationDecisions.affectedUserId, authorId),
        ne(moderationDecisions.kind, "dismiss"),
      ),
    )
    .orderBy(moderationCases.itemId, desc(moderationDecisions.decidedAt), desc(moderationDecisions.id));
  return new Map(rows.map((r) => [r.itemId, r.decisionId]));
}

