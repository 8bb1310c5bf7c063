import { Info, Loader2, Send } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { formToasts } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ticketsDe } from "~/i18n/tickets.de";
import type { action } from "~/routes/support-ticket";
import { TICKET_REPLY_MAX } from "../schema";
import { chosenFile, FILE_REASONS, localFileError, TicketFileField } from "./ticket-file-field";

/**
 * The reply form under a ticket's conversation. A plain multipart form that posts to the ticket's
 * page, so text and a file go without JavaScript too (the page renders the answer); with
 * JavaScript it posts in the background, checks blank text and the file's size before
 * uploading, keeps the text on a refusal and clears it after success. The server checks all again.
 */
const replyToast = formToasts("ticket-reply-answer");

export function ReplyForm({ ticketId, reopenHint }: { ticketId: string; reopenHint: boolean }) {
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the page itself was the form's target: its answer is the action data.
  const pageAnswer = useActionData<typeof action>();
  const answer = fetcher.data ?? pageAnswer;
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // Whether a file is chosen (its "Datei entfernen" button shows then).
  const [hasFile, setHasFile] = useState(false);
  const [length, setLength] = useState(0);
  const [local, setLocal] = useState<{ text?: string; file?: string }>({});
  const busy = fetcher.state !== "idle";

  // A new answer: clear the form after success, say what went wrong otherwise (toasts need JavaScript; the inline messages do not).
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.ok) {
      setLength(0);
      setLocal({});
      setHasFile(false);
    }
  }
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.ok) {
      formRef.current?.reset();
      replyToast.success(ticketsDe.reply.sent);
      textRef.current?.focus();
    } else replyToast.error(ticketsDe.reply.sendError, { description: data.message });
  }, [fetcher.data]);

  const failure = answer && !answer.ok ? answer : null;
  const fileError = local.file ?? (failure && FILE_REASONS.has(failure.reason) ? failure.message : undefined);
  const textError = local.text ?? failure?.fieldErrors.text;
  const otherError = failure && !fileError && !textError ? failure.message : undefined;
  const left = TICKET_REPLY_MAX - length;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`/support/${ticketId}`}
      encType="multipart/form-data"
      noValidate
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const file = chosenFile(form);
        const tooLarge = localFileError(file);
        if (tooLarge) {
          // Not sent: the reply would go without the file the user meant to send.
          event.preventDefault();
          setLocal({ file: tooLarge });
          fileRef.current?.focus();
        } else if (String(form.get("text") ?? "").trim() === "" && !file) {
          event.preventDefault();
          setLocal({ text: ticketsDe.reply.empty });
          textRef.current?.focus();
        } else setLocal({});
      }}
    >
      {reopenHint && (
        <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {ticketsDe.reply.reopenHint}
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor="reply-text">{ticketsDe.reply.label}</Label>
        <textarea
          ref={textRef}
          id="reply-text"
          name="text"
          rows={4}
          maxLength={TICKET_REPLY_MAX}
          placeholder={ticketsDe.reply.placeholder}
          // After a refusal without JavaScript the page comes back with what was written.
          defaultValue={pageAnswer && !pageAnswer.ok ? pageAnswer.values?.text : undefined}
          onChange={(event) => setLength(event.currentTarget.value.length)}
          aria-invalid={textError ? true : undefined}
          aria-describedby={[textError ? "reply-text-error" : null, "reply-text-counter"].filter(Boolean).join(" ")}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm"
        />
        {textError && (
          <p id="reply-text-error" role="alert" className="text-sm font-medium text-destructive">
            {textError}
          </p>
        )}
        <p id="reply-text-counter" className={left < 500 ? "text-right text-xs text-muted-foreground" : "sr-only"}>
          {ticketsDe.reply.charactersLeft(left)}
        </p>
      </div>
      <TicketFileField
        id="reply-file"
        inputRef={fileRef}
        hasFile={hasFile}
        error={fileError}
        onChosen={(chosen) => {
          setHasFile(Boolean(chosen));
          // Said at once (the server refuses anything larger too).
          const tooLarge = localFileError(chosen);
          setLocal(tooLarge ? { file: tooLarge } : {});
        }}
      />
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {otherError}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {busy ? ticketsDe.reply.submitting : ticketsDe.reply.submit}
        </Button>
      </div>
    </fetcher.Form>
  );
}
