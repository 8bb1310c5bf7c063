/**
 * The newest message of an open chat carries this id: a send posted without JavaScript returns
 * to `/chats/{id}#neueste-nachricht`, and the browser scrolls the message list to it.
 */
export const NEWEST_MESSAGE_ID = "neueste-nachricht";
