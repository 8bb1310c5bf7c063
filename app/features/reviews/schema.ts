import { z } from "zod";
import { reviewsOrdersDe as t } from "~/i18n/reviews-orders.de";

import { REPLY_MAX } from "./limits";

export { REPLY_MAX };

/**
 * The reply form: trimmed, 1 to 1,000 characters. Line breaks count once (a browser submits a
 * textarea's line breaks as CRLF, while its `maxLength` counts them as one character).
 */
export const replySchema = z.object({
  reply: z
    .string({ message: t.reply.required })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, { message: t.reply.required }).max(REPLY_MAX, { message: t.reply.tooLong })),
});
