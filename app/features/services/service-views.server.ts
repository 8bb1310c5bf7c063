import type { Database } from "~/lib/db.server";
import { countView, type ViewOpening } from "~/features/views/view-counter.server";
import { isServiceId } from "./service-id";

/** Counts an opening once per visitor and day (features/views); returns the count, or null for an unknown id. */
export async function incrementServiceViews(db: Database, id: string | undefined, opening: ViewOpening): Promise<number | null> {
  if (!isServiceId(id)) return null;
  return countView(db, "service", id, opening);
}
