import { Link, redirect } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { blockTarget, blockUser, unblockUser } from "~/features/blocks/blocks.server";
import { BlockForm } from "~/features/blocks/components/block-confirm";
import { UnblockForm } from "~/features/blocks/components/unblock-form";
import { blocksDe as t } from "~/i18n/blocks.de";
import { pageMeta } from "~/i18n/de";
import { errorText } from "~/i18n/errors.de";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { errorResponse, failureOf } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/block-user";

/** A block changes nothing a signed-out visitor's cached page shows. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(t.pageTitle, undefined, { robots: "noindex" });
}

/**
 * /blocks/{userId}: the confirmation of "Blockieren" as a page of its own (what the button opens
 * without JavaScript; with it, the same form sits in a dialog). Below the signed-in layout.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = signedInUser(context);
  try {
    const target = await blockTarget(await database(context), { actorId: user.id, userId: params.userId });
    const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), "/profile");
    return { ...target, returnTo };
  } catch (error) {
    throw errorResponse(error, "block page");
  }
}

/**
 * POST /blocks/{userId} with intent "block" or "unblock": done or refused, the user goes back to
 * `returnTo` (a same-origin path) and a toast says what happened.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await readForm(request);
  const back = safeRedirectPath(form.returnTo, "/profile");
  let toast: FlashToast;
  try {
    const db = await database(context);
    const options = { actorId: user.id, userId: params.userId };
    if (form.intent === "unblock") {
      const { name } = await unblockUser(db, options);
      toast = { type: "success", title: t.unblocked, description: t.unblockedText(name) };
    } else if (form.intent === "block") {
      const { name } = await blockUser(db, options);
      toast = { type: "success", title: t.blocked, description: t.blockedText(name) };
    } else {
      toast = { type: "error", title: t.failed, description: errorText("invalid_input") };
    }
  } catch (error) {
    toast = { type: "error", title: t.failed, description: failureOf(error, "block").failure.message };
  }
  return redirect(back, { headers: { "Set-Cookie": await setFlashToast(toast) } });
}

export default function BlockUserPage({ loaderData }: Route.ComponentProps) {
  const { person, blockedByMe, returnTo } = loaderData;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6">
      <div className="rounded-xl border bg-card p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <Avatar src={person.avatarUrl} firstName={person.firstName} lastName={person.lastName} />
          <h1 className="text-xl font-semibold">{blockedByMe ? t.confirm.alreadyBlocked(person.name) : t.confirm.title(person.name)}</h1>
        </div>
        {blockedByMe ? (
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={returnTo}>{t.confirm.back}</Link>
            </Button>
            <UnblockForm userId={person.userId} name={person.name} returnTo={returnTo} variant="default" />
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm text-muted-foreground">{t.confirm.text}</p>
            <p className="mt-2 text-sm text-muted-foreground">{t.confirm.orders}</p>
            <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to={returnTo}>{t.confirm.cancel}</Link>
              </Button>
              <BlockForm userId={person.userId} returnTo={returnTo} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
