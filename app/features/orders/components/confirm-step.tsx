import { Suspense, useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { ordersDe as t } from "~/i18n/orders.de";
import { lazyPart } from "~/lib/lazy-part";

/**
 * Final order steps (withdraw, decline, complete, mark as paid) ask first.
 *
 * With JavaScript the step's button opens an alert dialog (Radix, loaded on demand like the
 * delete-service dialog); confirming sends the step through the step's fetcher.
 *
 * Without JavaScript (or with a click before the page has hydrated) a step without fields never
 * posts from its button: the button sits in a GET form that opens the same page with
 * `?bestaetigen=<intent>`, and there the step shows the confirmation in place of its button, with
 * the real POST form and a link back. So the step asks in both cases, and the server (the order
 * action and its use-cases) decides as before whether the step is allowed: nothing of its rules
 * moves into the page. The decline form carries a written reason, so it keeps its POST form and
 * asks in the dialog only (without JavaScript its form is not reachable; the reason is the
 * deliberate step there).
 */
export const CONFIRM_PARAM = "bestaetigen";

export interface ConfirmTexts {
  title: string;
  text: string;
  /** The confirming button; worded unlike the step's own button, so each is found by its name. */
  submit: string;
}

type Variant = "default" | "outline" | "destructive";

const { Part: ConfirmStepDialog, preload: preloadConfirmation } = lazyPart(() => import("./confirm-step-dialog").then((module) => module.ConfirmStepDialog));

export { preloadConfirmation };

/** The dialog's open state: it closes by itself once the step it sent has come back. */
export function useConfirmation(busy: boolean) {
  const [open, setOpen] = useState(false);
  const sent = useRef(false);
  useEffect(() => {
    if (busy) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      setOpen(false);
    }
  }, [busy]);
  const onOpenChange = useCallback((next: boolean) => setOpen(next), []);
  return { open, ask: () => setOpen(true), onOpenChange };
}

/** What the confirmation dialog (./confirm-step-dialog) is given. */
export interface ConfirmationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  texts: ConfirmTexts;
  variant: "default" | "destructive";
  busy: boolean;
  onConfirm: () => void;
  /** The button that asked (not a Radix trigger): focus goes back to it on cancel. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** Where focus goes when the step succeeded and took its button away with it. */
  fallbackFocusId: string;
}

/** The dialog, mounted only while it is open (its code loads then, or earlier by preloadConfirmation). */
export function ConfirmationDialog(props: ConfirmationDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmStepDialog {...props} />
    </Suspense>
  );
}

/**
 * A final step without fields of its own (withdraw, complete, mark as paid): its button asks
 * first (see above). Shown only while the step is allowed; the answer arrives at `fetcherKey`.
 */
export function ConfirmStep({
  orderId,
  intent,
  fields = {},
  label,
  variant = "default",
  confirmVariant = "default",
  texts,
  fetcherKey,
  fallbackFocusId,
  buttonClassName,
}: {
  orderId: string;
  intent: string;
  /** Further fields of the step's form (e.g. the invoice's id). */
  fields?: Record<string, string>;
  label: string;
  variant?: Variant;
  confirmVariant?: "default" | "destructive";
  texts: ConfirmTexts;
  fetcherKey: string;
  /** An element (focusable by script) that takes the focus when the step's button is gone. */
  fallbackFocusId: string;
  buttonClassName?: string;
}) {
  const fetcher = useFetcher({ key: fetcherKey });
  const busy = fetcher.state !== "idle";
  const confirmation = useConfirmation(busy);
  const button = useRef<HTMLButtonElement>(null);
  const [searchParams] = useSearchParams();
  const path = `/orders/${orderId}`;
  const post = { intent, ...fields };
  const anchor = `${CONFIRM_PARAM}-${intent}`;

  if (searchParams.get(CONFIRM_PARAM) === intent) {
    return <ConfirmPanel id={anchor} path={path} fields={post} texts={texts} variant={confirmVariant} fetcherKey={fetcherKey} />;
  }
  return (
    <>
      <form
        method="get"
        action={`${path}#${anchor}`}
        onSubmit={(event) => {
          event.preventDefault();
          confirmation.ask();
        }}
      >
        <input type="hidden" name={CONFIRM_PARAM} value={intent} />
        <Button
          ref={button}
          type="submit"
          variant={variant}
          className={buttonClassName}
          disabled={busy}
          aria-haspopup="dialog"
          aria-expanded={confirmation.open}
          onPointerEnter={preloadConfirmation}
          onFocus={preloadConfirmation}
        >
          {busy ? t.actions.sending : label}
        </Button>
      </form>
      <ConfirmationDialog
        open={confirmation.open}
        onOpenChange={confirmation.onOpenChange}
        texts={texts}
        variant={confirmVariant}
        busy={busy}
        onConfirm={() => void fetcher.submit(post, { method: "post", action: path })}
        returnFocusTo={button}
        fallbackFocusId={fallbackFocusId}
      />
    </>
  );
}

/** The confirmation without JavaScript (`?bestaetigen=<intent>`): in the page, where the button was. */
function ConfirmPanel({
  id,
  path,
  fields,
  texts,
  variant,
  fetcherKey,
}: {
  id: string;
  path: string;
  fields: Record<string, string>;
  texts: ConfirmTexts;
  variant: "default" | "destructive";
  fetcherKey: string;
}) {
  const fetcher = useFetcher({ key: fetcherKey });
  const busy = fetcher.state !== "idle";
  const titleId = useId();
  const textId = useId();
  return (
    <div id={id} role="group" aria-labelledby={titleId} aria-describedby={textId} className="grid gap-3 rounded-lg border-2 border-destructive/40 bg-destructive/5 p-4">
      <h3 id={titleId} className="font-semibold">
        {texts.title}
      </h3>
      <p id={textId} className="text-sm">
        {texts.text}
      </p>
      <div className="flex flex-wrap gap-2">
        <fetcher.Form method="post" action={path}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant={variant} disabled={busy}>
            {busy ? t.actions.sending : texts.submit}
          </Button>
        </fetcher.Form>
        <Button asChild variant="outline">
          <Link to={path} preventScrollReset>
            {t.actions.confirmCancel}
          </Link>
        </Button>
      </div>
    </div>
  );
}
