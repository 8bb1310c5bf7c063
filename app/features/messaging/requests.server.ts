import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "~/features/auth/session.server";
import { AppError } from "~/lib/errors";
import { database, optionalUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import { getStorage } from "~/lib/storage.server";
import { sendMessage } from "./sending.server";

/** What the messaging routes do with a request: the API's sends and its signed-in check (the chat pages' own posts: chat-page.server.ts). */

export interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** For the messaging API: the signed-in user, or 401 (an API answers; it does not redirect). */
export async function apiUser(args: RequestArgs): Promise<SessionUser> {
  const user = await optionalUser(args);
  if (!user) throw new AppError("UNAUTHORIZED", "sign_in_required");
  return user;
}

/**
 * A send from the composer's fetch (the chat pages' plain form posts redirect instead: chat-page.server.ts): runs the
 * pipeline on the request, whose multipart body is read as it streams (the attachment goes to the
 * store as it arrives and is cut off at 10 MB). Answers `{ ok: true, sent }` or the failure
 * (`{ ok: false, reason, message }`) with its status; the screen words the reason (error-texts.ts).
 */
export function sendFromRequest(args: RequestArgs, user: SessionUser | null, conversationId: string) {
  return actionResult(
    async () => {
      const db = await database(args.context);
      const sent = await sendMessage(db, getStorage(), { userId: user?.id ?? null, conversationId, request: args.request });
      return { sent };
    },
    { where: "sending a message" },
  );
}

/** The JSON a send answers (what `fetch` reads back in the composer). */
export type SendAnswer = Awaited<ReturnType<typeof sendFromRequest>>["data"];
