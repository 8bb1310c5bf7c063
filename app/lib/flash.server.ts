import { createCookie } from "react-router";
import { z } from "zod";
import { env } from "./env.server";

/** A toast to show on the next page, e.g. after a redirect ('Access denied'). */
export const flashToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

function flashCookie() {
  return createCookie("flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: env().baseUrl.startsWith("https://"),
    secrets: [env().authSecret],
  });
}

/** Set-Cookie value that carries a toast to the next rendered page. */
export async function setFlashToast(toast: FlashToast): Promise<string> {
  return flashCookie().serialize(toast);
}

/** Reads the pending toast and the header that clears it. */
export async function takeFlashToast(request: Request): Promise<{ toast: FlashToast | null; clear: string | null }> {
  const cookie = flashCookie();
  const raw: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined || raw === "") return { toast: null, clear: null };
  const parsed = flashToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
