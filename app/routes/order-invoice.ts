import { redirect } from "react-router";
import { ensureInvoicePdf } from "~/features/orders/invoices.server";
import { invoiceOfOrderFor } from "~/features/orders/queries.server";
import { AppError } from "~/lib/errors";
import { database, optionalUser, signInPath } from "~/lib/request-context.server";
import { isNavigation } from "~/lib/request-kind.server";
import { errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { getStorage, serveStoredFile } from "~/lib/storage.server";
import type { Route } from "./+types/order-invoice";

/** Stored files carry their own Content-Security-Policy (app/lib/storage.server.ts). */
export const handle = { policy: { ownContentPolicy: true } } satisfies PolicyHandle;

/**
 * GET /orders/{id}/rechnung: the invoice PDF of a completed order, for its two parties only
 * (also after the order's other party deleted the account); anyone else gets 404. If the job has
 * not stored the PDF yet, it is rendered and stored now (the same invoice either way).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const user = await optionalUser({ request, context });
    const db = await database(context);
    const invoice = user ? await invoiceOfOrderFor(db, user.id, params.id) : null;
    if (!invoice) {
      // A link followed in the browser (from a mail, a bookmark) gets a page, not a bare error:
      // signed out the sign-in, which comes back here; anyone else the order's own page (the
      // order, or the page saying there is none), which says no more than the 404 does.
      if (isNavigation(request)) return redirect(user ? `/orders/${params.id}` : signInPath(request));
      throw new AppError("NOT_FOUND", "invoice_not_found");
    }
    const storage = getStorage();
    const key = await ensureInvoicePdf(db, storage, invoice);
    const response = await serveStoredFile(storage, key, { downloadName: `Rechnung-${invoice.number}.pdf`, cache: "private" });
    // A download, not a page in the browser's viewer: it is a document to keep.
    response.headers.set("Content-Disposition", response.headers.get("Content-Disposition")!.replace(/^inline/, "attachment"));
    return response;
  } catch (error) {
    throw errorResponse(error, "serving an invoice");
  }
}
