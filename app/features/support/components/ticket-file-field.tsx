import type { RefObject } from "react";
import { X } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ATTACHMENT_MAX_BYTES } from "~/features/messaging/limits";
import { ACCEPT_ATTRIBUTE } from "~/features/messaging/message-text";
import { ticketsDe } from "~/i18n/tickets.de";

/** Reasons that are about the attached file: their message shows at the file field. */
export const FILE_REASONS = new Set(["attachment_too_large", "attachment_type", "attachment_upload_failed", "too_many_files", "daily_files_exceeded"]);

/** The chosen file's message before anything is sent: the server refuses anything larger too. */
export function localFileError(file: File | null | undefined): string | undefined {
  return file && file.size > ATTACHMENT_MAX_BYTES ? ticketsDe.reply.fileTooLarge : undefined;
}

/** The form's chosen file, if any (an empty file field sends an empty, nameless part). */
export function chosenFile(form: FormData): File | null {
  const file = form.get("file");
  return file instanceof File && file.size > 0 ? file : null;
}

/**
 * A ticket form's optional file (a reply's, a new ticket's): the chat attachment kinds, 10 MB,
 * one file, named `file`. "Datei entfernen" shows while a file is chosen (with JavaScript);
 * `onChosen` hears of every choice and removal (null).
 */
export function TicketFileField({
  id,
  inputRef,
  hasFile,
  error,
  onChosen,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  hasFile: boolean;
  error: string | undefined;
  onChosen: (file: File | null) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{ticketsDe.reply.file}</Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="file"
        accept={ACCEPT_ATTRIBUTE.service}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        // The file stays chosen when it is too large, so that sending is refused until it is
        // replaced or removed, instead of going without it.
        onChange={(event) => onChosen(event.currentTarget.files?.[0] ?? null)}
        className="block w-full min-w-0 text-sm text-muted-foreground file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-medium file:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {ticketsDe.reply.fileHint}
      </p>
      {hasFile && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            if (inputRef.current) inputRef.current.value = "";
            onChosen(null);
            inputRef.current?.focus();
          }}
        >
          <X aria-hidden="true" />
          {ticketsDe.reply.removeFile}
        </Button>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
