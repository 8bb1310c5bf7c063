import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { getDatabase, type Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { queuedMailer } from "~/lib/jobs/index.server";
import type { Mailer } from "~/lib/mail.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { THEME_COOKIE_NAME, PREFERENCE_MAX_AGE_SECONDS } from "~/features/preferences/preferences";
import { publish } from "~/features/realtime/realtime.server";
import { changeEmailMail, emailChangedMail, existingAccountMail, existingUnverifiedAccountMail, isChangeEmailToken, passwordResetMail, verificationMail } from "./emails";

/** Seconds. A session slides: it is extended once a day while it is used, and ends after 30 idle days. */
export const SESSION_EXPIRES_IN = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE = 24 * 60 * 60;
export const RESET_TOKEN_EXPIRES_IN = 60 * 60;
export const VERIFY_TOKEN_EXPIRES_IN = 24 * 60 * 60;
/** Where a verification link leads after Better Auth has checked it (app/routes/auth.verified.ts). */
export const VERIFIED_CALLBACK = "/auth/verified";
/** The header the Express app sets from the socket address (server/app.ts); a client cannot forge it. */
export const CLIENT_IP_HEADER = "x-client-ip";

export interface AuthOptions {
  db: Database;
  baseUrl: string;
  secret: string;
  mailer: Mailer;
}

/**
 * Mail is sent in the background so that the answer does not reveal whether an account exists.
 * The application's mailer enqueues the "mail.send" job (ADR 011): delivery and its retries
 * happen outside the request; tests hand in a mailer that collects the messages.
 */
function sendInBackground(mailer: Mailer, message: Parameters<Mailer["send"]>[0]) {
  mailer.send(message).catch((error: unknown) => log.error({ err: error }, "Mail could not be sent"));
}

export function createAuth({ db, baseUrl, secret, mailer }: AuthOptions) {
  return betterAuth({
    appName: "Dienstleister-Marktplatz",
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseUrl],
    // Better Auth's own messages go through our logger (JSON lines, redaction): the message and an
    // error if there is one; other arguments may carry request data and are left out.
    logger: {
      log: (level, message, ...args) => {
        const err = args.find((arg): arg is Error => arg instanceof Error);
        log[level]({ component: "better-auth", ...(err ? { err } : {}) }, message);
      },
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        userRelations: schema.userRelations,
        sessionRelations: schema.sessionRelations,
        accountRelations: schema.accountRelations,
      },
    }),

    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN,
      revokeSessionsOnPasswordReset: true,
      // The sessions are gone: open event streams (other tabs and devices) end now, not at their next heartbeat.
      // The reset link reached the mailbox, so the address is confirmed: an account never confirmed
      // becomes usable with the password only the mailbox's owner has just chosen.
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await db.update(schema.user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
        await publish(db, [user.id], { type: "session.ended" }).catch((error: unknown) => log.error({ err: error }, "Could not end event streams"));
      },
      // Our own page sets the new password; the mail links straight to it.
      sendResetPassword: async ({ user, token }) => {
        sendInBackground(mailer, passwordResetMail(user.email, user.name, `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`));
      },
      // A sign-up with a registered address answers like a new one; the owner gets a note instead,
      // with the way to a new password. For an account never confirmed the note says that setting
      // one confirms the address (onPasswordReset). Never a verification link: the unconfirmed
      // account's password may have been chosen by someone else who registered the address first,
      // and confirming it would hand them the account.
      onExistingUserSignUp: async ({ user }) => {
        const note = user.emailVerified ? existingAccountMail : existingUnverifiedAccountMail;
        sendInBackground(mailer, note(user.email, user.name, `${baseUrl}/forgot-password`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_TOKEN_EXPIRES_IN,
      // In the background like the other mails: a new address must not answer slower than a known one.
      // A changed address gets its own text (the link goes to the new address; Better Auth passes it as user.email).
      sendVerificationEmail: async ({ user, url, token }) => {
        const mail = isChangeEmailToken(token) ? changeEmailMail : verificationMail;
        sendInBackground(mailer, mail(user.email, user.name, url));
      },
    },
    user: {
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
      // Every request reads the session row, so a revoked session stops working at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      // The same database-backed fixed windows the app uses elsewhere (holds across processes).
      customStorage: {
        consume: (key, rule) => consumeRateLimit(db, `auth:${key}`, { window: rule.window, max: rule.max }),
      },
      customRules: { "/get-session": false },
    },
    advanced: {
      useSecureCookies: baseUrl.startsWith("https://"),
      cookiePrefix: "marktplatz",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // The session and its user in one query (relations in ~/db/schema/auth).
      database: { joins: true },
    },
    hooks: {
      // The theme is kept with the account: a new session (sign-in, verified link) brings it along.
      after: createAuthMiddleware(async (ctx) => {
        const created = ctx.context.newSession;
        if (!created) return;
        const [row] = await db.select({ theme: schema.profiles.theme }).from(schema.profiles).where(eq(schema.profiles.userId, created.user.id));
        if (!row) return;
        ctx.setCookie(THEME_COOKIE_NAME, row.theme, {
          path: "/",
          maxAge: PREFERENCE_MAX_AGE_SECONDS,
          sameSite: "lax",
          secure: baseUrl.startsWith("https://"),
        });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // The profile is created with the account, from the names given at registration.
          after: async (user, ctx) => {
            const body = (ctx?.body ?? {}) as { firstName?: unknown; lastName?: unknown };
            await db
              .insert(schema.profiles)
              .values({
                userId: user.id,
                email: user.email,
                firstName: typeof body.firstName === "string" ? body.firstName.trim() : "",
                lastName: typeof body.lastName === "string" ? body.lastName.trim() : "",
              })
              .onConflictDoNothing({ target: schema.profiles.userId });
          },
        },
        update: {
          // The profile's e-mail follows the account's (after a confirmed change); the previous
          // address, which the profile still holds here, is told of the change.
          after: async (user) => {
            const [previous] = await db
              .select({ email: schema.profiles.email, firstName: schema.profiles.firstName })
              .from(schema.profiles)
              .where(eq(schema.profiles.userId, user.id));
            await db.update(schema.profiles).set({ email: user.email, updatedAt: new Date() }).where(eq(schema.profiles.userId, user.id));
            if (previous?.email && previous.email.toLowerCase() !== user.email.toLowerCase()) {
              sendInBackground(mailer, emailChangedMail(previous.email, previous.firstName, user.email, `${baseUrl}/imprint`));
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { __marketplaceAuthInstance?: Promise<Auth> };

/** The process-wide auth instance, built on first use from the environment and the open database. */
export function getAuth(): Promise<Auth> {
  globalForAuth.__marketplaceAuthInstance ??= (async () => {
    const config = env();
    const { db } = await getDatabase();
    return createAuth({ db, baseUrl: config.baseUrl, secret: config.authSecret, mailer: queuedMailer(db) });
  })();
  return globalForAuth.__marketplaceAuthInstance;
}
