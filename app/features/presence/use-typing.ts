import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import { TYPING_INTERVAL_MS, TYPING_SHOWN_MS } from "./limits";

/**
 * The composer's typing signal: at most one POST per TYPING_INTERVAL_MS (the server throttles
 * too, across processes; this only spares requests it would refuse anyway). A failed signal is
 * dropped: typing is a hint, and the next keystroke tries again.
 */
export function useTypingSignal(conversationId: string) {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_INTERVAL_MS) return;
    last.current = now;
    fetch(`/api/conversations/${conversationId}/typing`, { method: "POST" }).catch(() => {});
  }, [conversationId]);
}

/**
 * Whether the other participant is typing in this conversation: on from their typing event, off
 * TYPING_SHOWN_MS after the last one, or as soon as a message of theirs arrives (the one they typed).
 */
export function useOtherTyping(conversationId: string, otherUserId: string | null, lastTheirsId: string | null): boolean {
  // The last message of theirs when the latest typing event came; a newer one ends the typing.
  const [typingAfter, setTypingAfter] = useState<{ after: string | null } | null>(null);
  const lastTheirs = useRef(lastTheirsId);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    lastTheirs.current = lastTheirsId;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvents((event) => {
    if (event.type !== "typing" || event.conversationId !== conversationId || !otherUserId || event.userId !== otherUserId) return;
    setTypingAfter({ after: lastTheirs.current });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTypingAfter(null), TYPING_SHOWN_MS);
  });
  return typingAfter !== null && typingAfter.after === lastTheirsId;
}
