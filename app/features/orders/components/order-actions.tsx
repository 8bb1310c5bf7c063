import { CheckCircle2, Info, Star } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ordersDe as t } from "~/i18n/orders.de";
import { outcomeOf } from "~/lib/action-outcome";
import { formatDate } from "~/lib/format";
import type { action } from "~/routes/order-detail";
import { ATTACHMENT_MAX_BYTES } from "~/features/messaging/limits";
import { REVIEW_FORM_ID } from "~/features/reviews/anchors";
import { DELIVERY_FILES_FIELD, DELIVERY_FILES_MAX, NOTE_MAX } from "../limits";
import type { OrderAction } from "../orders.server";
import type { OrderPage } from "../queries.server";
import { ConfirmationDialog, ConfirmStep, preloadConfirmation, useConfirmation, type ConfirmTexts } from "./confirm-step";

type StepIntent = OrderAction;

const textareaClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";

const STEPS = ["accept", "decline", "withdraw", "deliver", "revise", "complete"] as const satisfies readonly StepIntent[];

const NEXT_STEPS_ID = "order-next";

/** Each step's fetcher has a key, so its answer can be read where it outlives the form. */
export const stepKey = (orderId: string, intent: StepIntent | "markPaid") => `order-${orderId}-${intent}`;

/**
 * The toasts of the steps. A successful step changes the order's status and with it the forms on
 * the page, so the form that was sent is gone when its answer arrives: the answers are read here,
 * in a part that stays. A refusal with a field message shows at its field (the form stays).
 */
function StepOutcomes({ orderId }: { orderId: string }) {
  return STEPS.map((intent) => <StepOutcome key={intent} orderId={orderId} intent={intent} />);
}

function StepOutcome({ orderId, intent }: { orderId: string; intent: StepIntent }) {
  const fetcher = useFetcher<typeof action>({ key: stepKey(orderId, intent) });
  const result = outcomeOf(fetcher.data, intent);
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(t.actions.done[intent]);
    else if (Object.keys(result.fieldErrors).length === 0) toast.error(result.message);
  }, [result, intent]);
  return null;
}

/** Why the chosen delivery files cannot go (more than allowed, or one over the size limit), before uploading them. */
function filesProblem(files: FileList | null): string | undefined {
  const chosen = Array.from(files ?? []);
  if (chosen.length > DELIVERY_FILES_MAX) return t.actions.deliveryFileErrors.tooMany(DELIVERY_FILES_MAX);
  const tooLarge = chosen.find((file) => file.size > ATTACHMENT_MAX_BYTES);
  return tooLarge ? t.actions.deliveryFileErrors.tooLarge(tooLarge.name) : undefined;
}

/**
 * One step of the order as a form; the server's refusal is shown at the field it names. A blank
 * text and files that cannot go are said at their field before anything is sent (or asked):
 * the browser's `required` lets a text of only spaces through.
 */
function StepForm({
  orderId,
  intent,
  submit,
  variant = "default",
  note,
  files = false,
  confirm,
}: {
  orderId: string;
  intent: StepIntent;
  submit: string;
  variant?: "default" | "outline" | "destructive";
  /** A required text (decline reason, delivery note, revision request) and what to say when it is blank. */
  note?: { name: string; label: string; required: string };
  files?: boolean;
  /**
   * A final step asks before it is sent (./confirm-step): the filled-in form (checked by the
   * browser first) waits while the dialog is open. Without JavaScript the form posts directly.
   */
  confirm?: ConfirmTexts;
}) {
  const fetcher = useFetcher<typeof action>({ key: stepKey(orderId, intent) });
  // Without JavaScript the page itself was the form's target: its answer is the action data.
  const pageAnswer = outcomeOf(useActionData<typeof action>(), intent);
  const result = outcomeOf(fetcher.data, intent) ?? pageAnswer;
  const failed = result && !result.ok ? result : undefined;
  const id = useId();
  const busy = fetcher.state !== "idle";
  // What the page found before sending; and the refusal whose file message a new choice of files answered.
  const [local, setLocal] = useState<{ note?: string; files?: string }>({});
  const [answered, setAnswered] = useState<unknown>(null);
  const noteError = local.note ?? (note ? failed?.fieldErrors[note.name] : undefined);
  const filesError = local.files ?? (files && failed !== answered ? failed?.fieldErrors[DELIVERY_FILES_FIELD] : undefined);
  const encType = files ? "multipart/form-data" : undefined;
  const confirmation = useConfirmation(busy);
  const button = useRef<HTMLButtonElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const filesField = useRef<HTMLInputElement>(null);
  const pending = useRef<FormData | null>(null);
  // A refusal at a field takes the focus there, so it is heard and can be mended at once.
  const noteName = note?.name;
  useEffect(() => {
    if (!failed || !fetcher.data) return;
    if (noteName && failed.fieldErrors[noteName]) noteField.current?.focus();
    else if (files && failed.fieldErrors[DELIVERY_FILES_FIELD]) filesField.current?.focus();
  }, [failed, fetcher.data, noteName, files]);
  return (
    <fetcher.Form
      method="post"
      encType={encType}
      className="grid gap-3"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const blank = note && String(form.get(note.name) ?? "").trim() === "";
        const fileProblem = files ? filesProblem(filesField.current?.files ?? null) : undefined;
        if (blank || fileProblem) {
          event.preventDefault();
          setLocal({ note: blank ? note.required : undefined, files: fileProblem });
          (blank ? noteField : filesField).current?.focus();
          return;
        }
        setLocal({});
        if (confirm) {
          event.preventDefault();
          pending.current = form;
          confirmation.ask();
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {note && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>{note.label}</Label>
          <textarea
            ref={noteField}
            id={`${id}-note`}
            name={note.name}
            rows={4}
            maxLength={NOTE_MAX}
            required
            // After a refusal without JavaScript the page comes back with what was written.
            defaultValue={pageAnswer && !pageAnswer.ok ? pageAnswer.values?.[note.name] : undefined}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${id}-note-error` : undefined}
            className={textareaClass}
          />
          {noteError && (
            <p id={`${id}-note-error`} className="text-sm font-medium text-destructive">
              {noteError}
            </p>
          )}
        </div>
      )}
      {files && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-files`}>{t.actions.deliveryFiles}</Label>
          <input
            ref={filesField}
            id={`${id}-files`}
            type="file"
            name={DELIVERY_FILES_FIELD}
            multiple
            accept="image/jpeg,image/png,image/gif,image/webp,application/pdf,text/plain,.txt,.csv,.md,.doc,.docx"
            aria-invalid={filesError ? true : undefined}
            aria-describedby={filesError ? `${id}-files-error` : undefined}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:text-destructive"
            onChange={(event) => {
              // A new choice answers the last message about the files; what is wrong with it is said at once.
              const problem = filesProblem(event.currentTarget.files);
              setAnswered(failed);
              setLocal((current) => ({ ...current, files: problem }));
            }}
          />
          {filesError && (
            <p id={`${id}-files-error`} className="text-sm font-medium text-destructive">
              {filesError}
            </p>
          )}
        </div>
      )}
      <div>
        <Button
          ref={button}
          type="submit"
          variant={variant}
          disabled={busy}
          aria-haspopup={confirm ? "dialog" : undefined}
          onPointerEnter={confirm ? preloadConfirmation : undefined}
          onFocus={confirm ? preloadConfirmation : undefined}
        >
          {busy ? t.actions.sending : submit}
        </Button>
      </div>
      {confirm && (
        <ConfirmationDialog
          open={confirmation.open}
          onOpenChange={confirmation.onOpenChange}
          texts={confirm}
          variant={variant === "destructive" ? "destructive" : "default"}
          busy={busy}
          onConfirm={() => {
            if (pending.current) void fetcher.submit(pending.current, { method: "post", encType });
          }}
          returnFocusTo={button}
          fallbackFocusId={NEXT_STEPS_ID}
        />
      )}
    </fetcher.Form>
  );
}

/**
 * A step that needs a text opens below its button (decline, ask for changes): a native disclosure,
 * so that it opens without JavaScript and before the page is interactive, and says whether it is
 * open to a screen reader by itself.
 */
function Disclosure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <details>
      <summary className={`${buttonVariants({ variant: "outline" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>{label}</summary>
      <div className="mt-3 rounded-lg border p-4">{children}</div>
    </details>
  );
}

function Note({ children }: { children: React.ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** The next steps of the viewer in the order's status; nothing to do is said too. */
/** After a completed order: the way to the service's rating form (where its review gets the badge). */
function ReviewInvite({ review }: { review: NonNullable<OrderPage["review"]> }) {
  return (
    <div className="mt-2 grid justify-items-start gap-3 rounded-lg bg-muted p-4 text-sm">
      <p>{review.reviewed ? t.detail.reviewedNote : t.detail.reviewInvite}</p>
      <Button asChild variant={review.reviewed ? "outline" : "default"}>
        <Link to={`/services/${review.serviceId}#${REVIEW_FORM_ID}`}>
          <Star aria-hidden="true" />
          {review.reviewed ? t.detail.reviewedLink : t.detail.reviewLink}
        </Link>
      </Button>
    </div>
  );
}

export function OrderActions({ order }: { order: OrderPage }) {
  const can = (action: OrderAction) => order.actions.includes(action);
  const autoComplete = order.autoCompleteAt ? t.detail.autoCompleteOn(formatDate(order.autoCompleteAt)) : null;
  let body: React.ReactNode;
  if (order.actions.length === 0) {
    const waiting =
      order.status === "requested"
        ? t.detail.waitingForSeller
        : order.status === "in_progress"
          ? t.detail.inProgressBuyer
          : order.status === "delivered"
            ? t.detail.waitingForBuyer
            : t.detail.finished;
    body = (
      <div className="grid gap-2">
        <p className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{waiting}</span>
        </p>
        {order.status === "delivered" && autoComplete && <Note>{autoComplete}</Note>}
        {order.status === "in_progress" && <Note>{t.detail.cancelNote}</Note>}
        {order.review && <ReviewInvite review={order.review} />}
      </div>
    );
  } else if (order.party === "seller" && order.status === "requested") {
    body = (
      <div className="grid gap-4">
        {order.billingMissing && (
          <div role="note" className="rounded-lg border border-amber-400/60 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            <p>{t.billing.required}</p>
            <Link to={`/orders/billing?zurueck=${encodeURIComponent(`/orders/${order.id}`)}`} className="mt-1 inline-block font-medium underline">
              {t.billing.link}
            </Link>
          </div>
        )}
        <div className="flex flex-wrap items-start gap-3">
          <StepForm orderId={order.id} intent="accept" submit={t.actions.accept} />
        </div>
        <Disclosure label={t.actions.decline}>
          <StepForm
            orderId={order.id}
            intent="decline"
            submit={t.actions.declineSubmit}
            variant="destructive"
            note={{ name: "reason", label: t.actions.declineReason, required: t.validation.reasonRequired }}
            confirm={{ title: t.actions.declineConfirm, text: t.actions.declineConfirmText, submit: t.actions.declineConfirmSubmit }}
          />
        </Disclosure>
      </div>
    );
  } else if (order.party === "buyer" && order.status === "requested") {
    body = (
      <div className="grid gap-3">
        <p>{t.detail.waitingForSeller}</p>
        <ConfirmStep
          orderId={order.id}
          intent="withdraw"
          label={t.actions.withdraw}
          variant="outline"
          confirmVariant="destructive"
          texts={{ title: t.actions.withdrawConfirm, text: t.actions.withdrawConfirmText, submit: t.actions.withdrawConfirmSubmit }}
          fetcherKey={stepKey(order.id, "withdraw")}
          fallbackFocusId={NEXT_STEPS_ID}
        />
      </div>
    );
  } else if (can("deliver")) {
    body = (
      <div className="grid gap-3">
        <p>{t.detail.inProgressSeller}</p>
        <StepForm orderId={order.id} intent="deliver" submit={t.actions.deliverSubmit} note={{ name: "note", label: t.actions.deliveryNote, required: t.validation.noteRequired }} files />
        <Note>{t.detail.cancelNote}</Note>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{t.actions.completeNote}</p>
          <ConfirmStep
            orderId={order.id}
            intent="complete"
            label={t.actions.complete}
            texts={{ title: t.actions.completeConfirm, text: t.actions.completeConfirmText, submit: t.actions.completeConfirmSubmit }}
            fetcherKey={stepKey(order.id, "complete")}
            fallbackFocusId={NEXT_STEPS_ID}
          />
        </div>
        {autoComplete && <Note>{autoComplete}</Note>}
        <Disclosure label={t.actions.revise}>
          <StepForm orderId={order.id} intent="revise" submit={t.actions.reviseSubmit} variant="outline" note={{ name: "note", label: t.actions.revisionNote, required: t.validation.revisionRequired }} />
        </Disclosure>
      </div>
    );
  }
  return (
    <section aria-labelledby={NEXT_STEPS_ID} className="rounded-xl border-2 border-primary/30 bg-card p-4 shadow-xs sm:p-6">
      <StepOutcomes orderId={order.id} />
      {/* Focusable by script: it takes the focus when a confirmed step took its button away. */}
      <h2 id={NEXT_STEPS_ID} tabIndex={-1} className="text-lg font-semibold">
        {t.detail.nextSteps}
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}
