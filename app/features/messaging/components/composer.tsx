import { Loader2, Paperclip, Send, X } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { de } from "~/i18n/de";
import { formatFileSize } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import { chatErrorText, chatSendAbortedText, type ChatErrorText } from "../error-texts";
import { ATTACHMENT_MAX_BYTES, MESSAGE_TEXT_MAX } from "../limits";
import { ACCEPT_ATTRIBUTE, type ChatView } from "../message-text";
import type { MessageView } from "../messages.server";
import type { SendAnswer } from "../requests.server";
import { newSendToken, SEND_TOKEN_FIELD } from "../send-token";

function showError({ title, description }: ChatErrorText) {
  toast.error(title, { description });
}

/**
 * Text field, attach button and send button (spec section 2). While a message is on its way the
 * input is disabled (busy state) and an upload spinner shows when a file goes along. The server
 * validates everything again; the checks here only spare a pointless upload.
 *
 * It works before its script has run and without JavaScript: the field is uncontrolled (what was
 * typed before hydration stays), the attach button is the file input's label (the browser opens
 * the file chooser), and the send button is only disabled once the script can enable it again;
 * the form then posts to the page, which sends and redirects back (chat-page.server.ts).
 * Its one-time token goes along either way, so a form posted twice sends one message; the script
 * takes a new one after each message sent (a refused or lost send keeps it, to be tried again).
 */
export function Composer({
  view,
  conversationId,
  action,
  sendToken,
  onSent,
  onTyping,
}: {
  view: ChatView;
  conversationId: string;
  /** The page's own address: where the form posts without JavaScript. */
  action: string;
  /** The page's one-time token for the next message (send-token.ts). */
  sendToken: string;
  onSent: (message: MessageView) => void;
  /** Called as the user types (the typing signal throttles itself). */
  onTyping?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLInputElement>(null);
  // The field's text lives in the DOM (uncontrolled); its length drives the counter and the button.
  const [length, setLength] = useState(0);
  const [blank, setBlank] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState(sendToken);
  // The send button is disabled for an empty field only once this script can enable it again.
  const hydrated = useHydrated();
  const fileId = useId();
  const uploading = busy && !!file;
  const textId = useId();
  const counterId = useId();

  const clearFile = () => {
    if (fileRef.current) fileRef.current.value = "";
    setFile(null);
  };

  const readText = (value: string) => {
    setLength(value.length);
    setBlank(!value.trim());
  };

  const chooseFile = (chosen: File | null) => {
    if (chosen && chosen.size > ATTACHMENT_MAX_BYTES) {
      showError(chatErrorText(view, "send", { reason: "attachment_too_large" }));
      clearFile();
      return;
    }
    setFile(chosen);
  };

  // Whatever was typed or chosen before the script ran is taken over, not cleared: the DOM the
  // server rendered is the outside state this effect reads once, on mount.
  useEffect(() => {
    readText(textRef.current?.value ?? "");
    const chosen = fileRef.current?.files?.[0];
    if (chosen) chooseFile(chosen);
    // Once, on mount: chooseFile only reads refs and sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Spec: nothing is sent when the text is empty after trimming and no file is attached.
    if (!textRef.current?.value.trim() && !file) return;
    const body = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const response = await fetch(`/api/conversations/${conversationId}/messages`, { method: "POST", body });
      const result = (await response.json().catch(() => null)) as SendAnswer | null;
      if (result?.ok) {
        onSent(result.sent);
        setToken(newSendToken());
        if (textRef.current) textRef.current.value = "";
        readText("");
        clearFile();
      } else if (result?.reason) {
        showError(chatErrorText(view, "send", result));
      } else if (response.status === 413) {
        // The host refused the body before the app saw it (larger than any upload may be).
        showError(chatErrorText(view, "send", { reason: "attachment_too_large" }));
      } else {
        showError(chatErrorText(view, "send", { reason: "unexpected" }));
      }
    } catch (error) {
      console.warn("Sending failed:", error);
      showError(chatSendAbortedText(view, !!file));
    } finally {
      setBusy(false);
      // Ready for the next message: the focus goes (back) to the field, also after the send button.
      requestAnimationFrame(() => textRef.current?.focus());
    }
  };

  const left = MESSAGE_TEXT_MAX - length;
  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={(e) => void submit(e)}
      className="border-t bg-background p-3"
    >
      <input type="hidden" name={SEND_TOKEN_FIELD} value={token} />
      {file && (
        <div className="mb-2 flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-1.5 text-sm">
          {uploading ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Paperclip className="size-4" aria-hidden="true" />}
          <span className="min-w-0 flex-1 truncate">{file.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
          {uploading ? (
            <span role="status" className="sr-only">
              {de.messaging.uploading}
            </span>
          ) : (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={de.messaging.removeFile}
              onClick={clearFile}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      )}
      <div className="flex items-center gap-2">
        {/* Visually hidden but focusable: its label is the visible button (a keyboard user tabs to
            the input, whose focus the label shows), so choosing a file needs no script. */}
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          name="file"
          accept={ACCEPT_ATTRIBUTE[view]}
          className="peer sr-only"
          disabled={busy}
          onChange={(e) => chooseFile(e.currentTarget.files?.[0] ?? null)}
        />
        <label
          htmlFor={fileId}
          title={de.messaging.attach}
          className={buttonVariants({
            variant: "outline",
            size: "icon",
            className: "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:pointer-events-none peer-disabled:opacity-50",
          })}
        >
          <Paperclip aria-hidden="true" />
          <span className="sr-only">{de.messaging.attach}</span>
        </label>
        <label htmlFor={textId} className="sr-only">
          {de.messaging.messageLabel}
        </label>
        <input
          ref={textRef}
          id={textId}
          name="text"
          type="text"
          autoComplete="off"
          maxLength={MESSAGE_TEXT_MAX}
          defaultValue=""
          onChange={(e) => {
            const value = e.currentTarget.value;
            readText(value);
            if (value.trim()) onTyping?.();
          }}
          // Read-only, not disabled, while sending: a disabled field would drop the keyboard focus.
          readOnly={busy}
          aria-disabled={busy}
          placeholder={de.messaging.messagePlaceholder}
          aria-describedby={counterId}
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base outline-none transition-shadow placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring read-only:opacity-60 sm:text-sm"
        />
        <Button type="submit" disabled={busy || (hydrated && blank && !file)} aria-label={busy ? de.messaging.sending : de.messaging.send}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          <span className="hidden sm:inline">{de.messaging.send}</span>
        </Button>
      </div>
      <p id={counterId} className={left < 50 ? "mt-1 text-right text-xs text-muted-foreground" : "sr-only"}>
        {de.messaging.charactersLeft(left)}
      </p>
    </form>
  );
}
