/** Limits of reviews shared by the forms and the server (no Zod here: the public service page imports it). */

/** The provider's reply to a review: at most this many characters (the database checks it too). */
export const REPLY_MAX = 1000;
