import { createHmac } from "node:crypto";
import type { Database } from "~/lib/db.server";
import { consumeRateLimit, refundRateLimit } from "~/lib/rate-limit.server";

/**
 * Per-account sign-in throttle: a growing delay, never a lock.
 *
 * The per-client limit (AUTH_RATE_LIMITS.signIn) does not stop guessing one account's password from
 * many client addresses. A per-account limit that refuses would, but it would also hand anybody a
 * switch to lock the owner out: a handful of wrong passwords, renewed every window, and the owner's
 * right password is refused too (the owner's client cannot be told from the attacker's; a sign-in
 * that let the right password through while refusing wrong ones would tell the attacker which
 * guess was right).
 *
 * So every attempt for an address is counted in the database (across processes), keyed by a keyed
 * hash of the normalised address. Beyond `free` failed attempts within the window, each further attempt
 * for that address, with whatever password, is answered only after a delay that doubles from
 * `firstDelayMs` up to `maxDelayMs`. The owner is at most `maxDelayMs` slower, never refused; a
 * guesser pays seconds per guess and has to hold a connection open for each, on top of the
 * per-client limit. (What this cannot do: stop many client addresses guessing in parallel, each
 * waiting out its delay. They stay bounded mainly by the per-client limit; bounding them per
 * account means refusing, which is the lock-out above.) The delay comes before the password is checked, so its length says nothing
 * about the password; unknown addresses are counted and delayed alike, so it says nothing about
 * whether an account exists either.
 *
 * Only failures count towards the delay: an attempt is counted before the check (so that a burst of
 * parallel guesses is counted at once, not after its answers) and taken back when the password was
 * right. The owner's sign-ins from several devices thus never slow them down.
 *
 * The key keeps addresses out of the rate_limit table: an HMAC-SHA-256 of the normalised address
 * under the auth secret, which every process shares, so that nobody who reads the table can test
 * guessed addresses against it without also having the secret.
 */
export const SIGN_IN_ACCOUNT_THROTTLE = {
  /** Seconds over which the attempts for one address are counted (a fixed window). */
  window: 15 * 60,
  /** Failed attempts per window that are answered without delay. */
  free: 5,
  /** The delay of the first attempt beyond them; each further one doubles it… */
  firstDelayMs: 500,
  /** …up to this. */
  maxDelayMs: 5_000,
};

/** Waits `ms` milliseconds (tests pass a recorder instead). */
export type SignInWait = (ms: number) => Promise<void>;

export const waitMs: SignInWait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The delay for the `attempt`-th counted attempt for an address within the window. */
export function signInDelayMs(attempt: number, rule = SIGN_IN_ACCOUNT_THROTTLE): number {
  const beyond = attempt - rule.free;
  if (beyond <= 0) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (beyond - 1));
}

/** The rate_limit key for an address: a keyed hash of the normalised address, never the address. */
export function signInAccountKey(secret: string, email: string): string {
  return `app:signInAccount:${createHmac("sha256", secret).update(email.trim().toLowerCase()).digest("hex")}`;
}

export interface SignInAttempt {
  /** The delay that was waited out before the password check. */
  delayMs: number;
  /** Call when the check is done: a right password (also for an unverified address) is taken back. */
  finished(failed: boolean): Promise<void>;
}

/** Counts an attempt for the address and waits out its delay; call before checking the password. */
export async function throttleSignIn(db: Database, secret: string, email: string, wait: SignInWait = waitMs): Promise<SignInAttempt> {
  const key = signInAccountKey(secret, email);
  const { window } = SIGN_IN_ACCOUNT_THROTTLE;
  const { count } = await consumeRateLimit(db, key, { window, max: Number.MAX_SAFE_INTEGER });
  const delayMs = signInDelayMs(count);
  if (delayMs > 0) await wait(delayMs);
  return {
    delayMs,
    finished: async (failed) => {
      if (!failed) await refundRateLimit(db, key);
    },
  };
}
