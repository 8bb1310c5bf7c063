/** Spec section 9: a message's text and its attachment (shared by the schema, server and forms). */
export const MESSAGE_TEXT_MAX = 500;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
