import { Check, CheckCheck, ExternalLink, FileText, Loader2 } from "~/components/ui/icons";
import { useLayoutEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { de } from "~/i18n/de";
import { formatDate, formatFileSize, formatTime } from "~/lib/format";
import { cn } from "~/lib/class-names";
import { Link } from "react-router";
import { removalDecisionPath, ReportLink } from "~/features/moderation/components/report-link";
import { moderationPublicDe } from "~/i18n/moderation-public.de";
import { NEWEST_MESSAGE_ID } from "../anchors";
import { isImageType, messageText, type ChatView } from "../message-text";
import type { MessageView } from "../messages.server";

/**
 * A message's file: an image inline (opens full size), anything else as a card with an open link.
 * Also shown in support tickets (ADR 022); `compact` (a list of tickets) shows an image as a card
 * too, so a screenshot does not make its ticket a screen tall.
 */
export function Attachment({ file, mine, compact = false }: { file: NonNullable<MessageView["file"]>; mine: boolean; compact?: boolean }) {
  if (isImageType(file.type) && !compact) {
    return (
      <a href={file.url} target="_blank" rel="noopener noreferrer" className="block" aria-label={de.messaging.openImage(file.name)}>
        <img src={file.url} alt={file.name} className="max-h-60 max-w-full rounded-md object-contain" loading="lazy" />
      </a>
    );
  }
  return (
    <div className={cn("flex items-center gap-2 rounded-md p-2", mine ? "bg-primary-foreground/10" : "bg-background/70")}>
      <FileText className="size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{file.name}</p>
        <p className={cn("text-xs", mine ? "text-primary-foreground" : "text-muted-foreground")}>{formatFileSize(file.size)}</p>
      </div>
      {/* Named with the file: the visible "Öffnen" alone is the same for every file (WCAG 2.4.4). */}
      <Button asChild size="sm" variant={mine ? "secondary" : "outline"}>
        <a href={file.url} target="_blank" rel="noopener noreferrer" aria-label={de.messaging.openFile(file.name)}>
          <ExternalLink aria-hidden="true" />
          {de.messaging.open}
        </a>
      </Button>
    </div>
  );
}

/**
 * The messages of the open chat, oldest first; own ones on the right. Stays at the bottom as
 * messages arrive (unless the reader scrolled up) and keeps its place when earlier ones load.
 */
export function MessageList({
  view,
  messages,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  emptyText,
}: {
  view: ChatView;
  messages: MessageView[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  emptyText: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const previous = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  /** Whether the reader is at the newest message (then new ones scroll into view). */
  const atBottom = useRef(true);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    if (before.first && first !== before.first && last === before.last) {
      // Earlier messages were put on top: keep what the reader was looking at in place.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (last !== before.last) {
      if (!before.last || atBottom.current || messages.at(-1)?.mine) el.scrollTop = el.scrollHeight;
    }
    previous.current = { first, last, height: el.scrollHeight };
  }, [messages]);

  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
      className="flex-1 overflow-y-auto px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:px-4"
      role="log"
      aria-label={de.messaging.messagesLabel}
      tabIndex={0}
    >
      {hasEarlier && (
        <div className="mb-4 flex justify-center">
          <Button type="button" variant="outline" size="sm" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {loadingEarlier && <Loader2 className="animate-spin" aria-hidden="true" />}
            {de.messaging.loadEarlier}
          </Button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="mt-8 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((m, i) => {
            const text = messageText(view, m);
            const day = formatDate(m.createdAt, "weekdayDate");
            const newDay = i === 0 || formatDate(messages[i - 1]!.createdAt, "weekdayDate") !== day;
            return (
              <li
                key={m.id}
                id={i === messages.length - 1 ? NEWEST_MESSAGE_ID : undefined}
                data-message-id={m.id}
                className={cn("flex flex-wrap", m.mine ? "justify-end" : "justify-start")}>
                {newDay && (
                  <p className="my-2 w-full text-center text-xs font-medium text-muted-foreground">
                    <span className="rounded-full bg-muted px-3 py-1">{day}</span>
                  </p>
                )}
                <div
                  className={cn(
                    "max-w-[85%] space-y-1.5 rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[70%]",
                    m.mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted",
                  )}
                >
                  {m.file && <Attachment file={m.file} mine={m.mine} />}
                  {text && <p className="whitespace-pre-wrap break-words">{text}</p>}
                  {m.removed && (
                    // Its sender must see why (ADR 023): the decision, with the objection.
                    <p className="text-xs font-medium">
                      {moderationPublicDe.messageRemoved}{" "}
                      <Link to={removalDecisionPath(m.removalDecisionId)} className="inline-flex min-h-6 items-center underline underline-offset-4">
                        {moderationPublicDe.removedBanner.link}
                      </Link>
                    </p>
                  )}
                  <p className={cn("flex items-center justify-end gap-1 text-[0.7rem]", m.mine ? "text-primary-foreground" : "text-muted-foreground")}>
                    {/* A received message can be reported by its recipient (ADR 023). */}
                    {!m.mine && m.senderId && <ReportLink kind="message" id={m.id} text="text-[0.7rem]" className="mr-auto" />}
                    <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
                    {m.mine &&
                      (m.read ? (
                        <CheckCheck className="size-3.5" aria-label={de.messaging.read} role="img" />
                      ) : (
                        <Check className="size-3.5" aria-label={de.messaging.sent} role="img" />
                      ))}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
