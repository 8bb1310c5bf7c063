import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { requestCountsRefresh } from "~/features/notifications/use-live-counts";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import type { ChatErrorText } from "./error-texts";
import type { MessagePage, MessageView } from "./messages.server";

/** Messages by id, in time order (ties by id), so a message seen twice is shown once. */
function merge(current: MessageView[], incoming: MessageView[]): MessageView[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The open conversation in the browser: starts from the server-rendered page, then follows the
 * event stream. On every (re)connect and every event it re-reads from the last message it has
 * (the server adds an overlap, merge() drops the doubles), so nothing is missed or shown twice.
 * Messages of the other party that arrive while the chat is open are marked read.
 */
export function useConversation(
  conversationId: string,
  initial: MessagePage,
  loadErrorText: ChatErrorText,
  { notificationsPending = false }: { notificationsPending?: boolean } = {},
) {
  const [messages, setMessages] = useState(initial.messages);
  const [hasEarlier, setHasEarlier] = useState(initial.hasEarlier);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const latest = useRef(messages);
  useEffect(() => {
    latest.current = messages;
  });
  // A reloaded page (e.g. after a send without JavaScript) adds what it brought.
  const [seenInitial, setSeenInitial] = useState(initial.messages);
  if (seenInitial !== initial.messages) {
    setSeenInitial(initial.messages);
    setMessages(merge(messages, initial.messages));
  }
  const base = `/api/conversations/${conversationId}`;

  const markRead = useCallback(async () => {
    try {
      const response = await fetch(`${base}/read`, { method: "POST" });
      if (response.ok && ((await response.json()) as { updated: number }).updated > 0) requestCountsRefresh();
    } catch (error) {
      // Spec: mark-read errors are only logged.
      console.warn("Marking messages read failed:", error);
    }
  }, [base]);

  const readIfUnread = useCallback(
    (list: MessageView[]) => {
      if (list.some((m) => !m.mine && !m.read)) void markRead();
    },
    [markRead],
  );

  const catchUp = useCallback(
    async (from?: string | null) => {
      const after = from !== undefined ? from : (latest.current.at(-1)?.id ?? null);
      try {
        const { messages: fresh } = await getJson<{ messages: MessageView[] }>(`${base}/messages?after=${after ?? ""}`);
        setMessages((current) => merge(current, fresh));
        readIfUnread(fresh);
      } catch (error) {
        console.warn("Catching up on messages failed:", error);
      }
    },
    [base, readIfUnread],
  );

  // Opening the chat marks the other party's messages read, and its notifications when the page
  // came from a prefetch (whose loader marks nothing: the chat had not been seen then).
  useEffect(() => {
    if (notificationsPending) void markRead();
    else readIfUnread(initial.messages);
  }, [initial.messages, readIfUnread, markRead, notificationsPending]);

  useRealtimeEvents((event) => {
    if (event.type === "ready" || event.type === "resync") void catchUp();
    // Read from the announced message on (plus the overlap): a message that committed late, with
    // an earlier time than the last one shown, is still found.
    else if (event.type === "message.created" && event.conversationId === conversationId) void catchUp(event.messageId);
    else if (event.type === "message.read" && event.conversationId === conversationId) {
      // Re-read from the earliest of our own unread messages: their read flags come back exact.
      const firstUnread = latest.current.find((m) => m.mine && !m.read);
      if (firstUnread) void catchUp(firstUnread.id);
    }
  });

  const loadEarlier = useCallback(async () => {
    const first = latest.current[0];
    if (!first) return;
    setLoadingEarlier(true);
    try {
      const page = await getJson<MessagePage>(`${base}/messages?before=${first.id}`);
      setMessages((current) => merge(current, page.messages));
      setHasEarlier(page.hasEarlier);
    } catch (error) {
      console.warn("Loading earlier messages failed:", error);
      toast.error(loadErrorText.title, { description: loadErrorText.description });
    } finally {
      setLoadingEarlier(false);
    }
  }, [base, loadErrorText.title, loadErrorText.description]);

  const addSent = useCallback((message: MessageView) => setMessages((current) => merge(current, [message])), []);

  return { messages, hasEarlier, loadingEarlier, loadEarlier, addSent };
}
