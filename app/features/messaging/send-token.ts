/**
 * The one-time token of a send form (hidden field `sendToken`, column messages.send_token): the
 * server stores a message once per token, sender and conversation, so a form posted twice (a
 * double click on "Senden" before the page has answered, with or without JavaScript, or a retry
 * after a lost answer) sends one message. A fresh token comes with each rendering of the chat page
 * and, with JavaScript, after each message sent from it.
 */
export const SEND_TOKEN_FIELD = "sendToken";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new token (a random UUID). `crypto.randomUUID` exists only on secure origins; an http address falls back to the same from random bytes. */
export function newSendToken(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The token a send carries, or null. A malformed one (only a hand-made request has one) counts as
 * none: the message is still a valid message, it is just not protected against being sent twice.
 */
export function sendTokenOf(value: string | undefined): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}
