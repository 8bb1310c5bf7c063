import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { count, sql } from "drizzle-orm";
import {
  account,
  conversations,
  favorites,
  messages,
  notifications,
  profiles,
  purchases,
  serviceComments,
  serviceImages,
  serviceReviews,
  serviceViewDays,
  services,
  supportTicketReplies,
  supportTickets,
  moderationAudit,
  moderationCases,
  moderationReports,
  user,
  type TicketStatus,
} from "~/db/schema";
import { ticketsDe } from "~/i18n/tickets.de";
import type { Database } from "~/lib/db.server";
import { removeFolders } from "~/features/services/images.server";
import { ticketFileKey, type FileStorage } from "~/lib/storage.server";
import { orderedPair } from "~/features/messaging/pair";
import { DEMO_CONVERSATIONS, LONG_CHAT } from "./seed/conversations";
import { COMMENT_TEXTS, OWNER_REPLIES, REVIEW_TEXTS } from "./seed/feedback";
import { seedOrderHistory } from "./seed/order-history.server";
import { Random } from "./seed/random";
import { storeDemoImages, type DemoImagePlan } from "./seed/service-pictures.server";
import { DEMO_SERVICES, demoListingFacts } from "./seed/services";
import { SUPPORT_TICKETS } from "./seed/tickets";
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from "./seed/users";

/**
 * Demo content for a fresh installation: a dozen German accounts with
 * services, reviews, comments, favourites, purchases, chats, notifications,
 * support tickets, and a year of orders with invoices (./seed/order-history.server.ts).
 * Every content choice comes from a seeded PRNG, so two runs with the same
 * `now` produce the same data (only the ids differ).
 *
 * The content itself lives in ./seed/ (users, services, feedback texts, tickets, chats);
 * this module turns it into rows and writes them.
 */

export { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, DEMO_USERS, type DemoUser } from "./seed/users";

const TARGET_REVIEWS = 120;
const TARGET_COMMENTS = 60;
const TARGET_FAVORITES = 40;
const TARGET_PURCHASES = 8;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Better Auth style text id (ids are unique per run; the content does not depend on them). */
function newTextId(): string {
  return randomUUID().replace(/-/g, "");
}

function laterOf(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

function earlierOf(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export interface SeedResult {
  seeded: boolean;
  logins: { email: string; password: string; note: string }[];
}

function loginList(): SeedResult["logins"] {
  return DEMO_USERS.map((u) => ({
    email: u.email,
    password: DEMO_PASSWORD,
    note: u.role === "support" ? "Support" : u.isPremium ? "Premium" : `${u.firstName} ${u.lastName}`,
  }));
}

async function hasUsers(db: Pick<Database, "select">): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user);
  return (row?.n ?? 0) > 0;
}

/**
 * Fills an empty database with demo content. Does nothing when any account
 * exists already (seeded: false). Everything is written in one transaction.
 */
export async function seedDemoContent(db: Database, options: { now?: Date; storage?: FileStorage } = {}): Promise<SeedResult> {
  if (await hasUsers(db)) return { seeded: false, logins: [] };

  const now = options.now ?? new Date();
  const rng = new Random(0x5eed_2024);
  // One hash for every account: scrypt is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // ---- users, accounts, profiles -------------------------------------------------
  const userRows: (typeof user.$inferInsert)[] = [];
  const accountRows: (typeof account.$inferInsert)[] = [];
  const profileRows: (typeof profiles.$inferInsert)[] = [];
  const byUsername = new Map<string, { id: string; name: string; createdAt: Date; demo: DemoUser }>();

  for (const demo of DEMO_USERS) {
    const id = newTextId();
    // Members for over a year: the order history and the dashboard's 12 months have room.
    const createdAt = new Date(now.getTime() - rng.int(380, 450) * DAY - rng.int(0, 20 * 60) * MINUTE);
    const updatedAt = rng.between(createdAt, now);
    const name = `${demo.firstName} ${demo.lastName}`;
    byUsername.set(demo.username, { id, name, createdAt, demo });
    userRows.push({ id, name, email: demo.email, emailVerified: true, createdAt, updatedAt });
    accountRows.push({
      id: newTextId(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
    const profileViews = demo.role === "support" ? rng.int(5, 40) : demo.isPremium ? rng.int(900, 1600) : rng.int(40, 700);
    profileRows.push({
      userId: id,
      firstName: demo.firstName,
      lastName: demo.lastName,
      email: demo.email,
      username: demo.username,
      bio: demo.bio,
      avatarUrl: null,
      gallery: [],
      role: demo.role,
      isPremium: demo.isPremium,
      profileViews,
      createdAt,
      updatedAt,
    });
  }

  const member = (username: string) => {
    const found = byUsername.get(username);
    if (!found) throw new Error(`Unknown demo user ${username}`);
    return found;
  };
  const regularUsers = DEMO_USERS.filter((u) => u.role === "user").map((u) => member(u.username));

  // ---- services -----------------------------------------------------------------
  const serviceRows: (typeof services.$inferInsert & { id: string; createdAt: Date })[] = DEMO_SERVICES.map((s) => {
    const owner = member(s.owner);
    // Featured offers are established ones (a year old); the rest came any time in the year.
    const createdAt = new Date(now.getTime() - rng.int(s.featured ? 300 * 24 * 60 : 2 * 60, 360 * 24 * 60) * MINUTE);
    const updatedAt = earlierOf(now, new Date(createdAt.getTime() + (rng.float() < 0.5 ? 0 : rng.int(1, 14 * 24) * HOUR)));
    const views = s.featured ? rng.int(700, 2000) : rng.int(0, 1200);
    return {
      id: randomUUID(),
      title: s.title,
      description: s.description,
      price: s.price,
      priceUnit: s.unit ?? "fixed",
      ...demoListingFacts(s.title),
      category: s.category,
      createdBy: owner.id,
      views,
      isFeatured: s.featured ?? false,
      createdAt,
      updatedAt,
    };
  });
  const serviceAt = (index: number) => {
    const row = serviceRows[index];
    if (!row) throw new Error(`Unknown demo service ${index}`);
    return row;
  };

  const serviceByTitle = (title: string) => {
    const row = serviceRows.find((s) => s.title === title);
    if (!row) throw new Error(`Unknown demo service ${title}`);
    return row;
  };

  /** Every (service, regular user) pair where the user does not own the service, in a seeded order. */
  const candidatePairs = () =>
    rng.shuffle(
      serviceRows.flatMap((s, serviceIndex) =>
        regularUsers.filter((u) => u.id !== s.createdBy).map((u) => ({ serviceIndex, service: s, member: u })),
      ),
    );

  // ---- views per day (the dashboard's funnel reads the last 30) ---------------------
  // Own random streams for content added later, so that it does not reshuffle what came before.
  const viewRng = new Random(0x71e3_2026);
  const viewDayRows: (typeof serviceViewDays.$inferInsert)[] = [];
  for (const service of serviceRows) {
    const ageDays = Math.max(1, (now.getTime() - service.createdAt.getTime()) / DAY);
    const perDay = (service.views ?? 0) / ageDays;
    let left = service.views ?? 0;
    for (let d = 0; d < 60 && left > 0; d++) {
      const day = new Date(now.getTime() - d * DAY);
      if (day.toISOString().slice(0, 10) < service.createdAt.toISOString().slice(0, 10)) break;
      const views = Math.min(left, Math.round(perDay * (0.3 + 1.4 * viewRng.float())));
      if (views <= 0) continue;
      left -= views;
      viewDayRows.push({ serviceId: service.id, day: day.toISOString().slice(0, 10), views });
    }
  }

  // ---- reviews ------------------------------------------------------------------
  const reviewRows: (typeof serviceReviews.$inferInsert)[] = candidatePairs()
    .slice(0, TARGET_REVIEWS)
    .map(({ service, member: reviewer }) => {
      const rating = rng.weighted([1, 2, 3, 4, 5], [4, 6, 14, 34, 42]);
      const pool = rating >= 4 ? REVIEW_TEXTS.good : rating === 3 ? REVIEW_TEXTS.mixed : REVIEW_TEXTS.bad;
      const reviewText = rng.float() < 0.67 ? rng.pick(pool) : null;
      const createdAt = rng.between(new Date(service.createdAt.getTime() + HOUR), now);
      const updatedAt = rng.float() < 0.15 ? rng.between(createdAt, now) : createdAt;
      return { serviceId: service.id, userId: reviewer.id, rating, reviewText, createdAt, updatedAt };
    });

  // ---- comments (questions by others, some answered by the owner) ----------------
  const commentRows: (typeof serviceComments.$inferInsert)[] = [];
  const commentMeta: { serviceIndex: number; authorName: string; createdAt: Date }[] = [];
  while (commentRows.length < TARGET_COMMENTS) {
    const serviceIndex = rng.int(0, serviceRows.length - 1);
    const service = serviceAt(serviceIndex);
    const author = rng.pick(regularUsers.filter((u) => u.id !== service.createdBy));
    const createdAt = rng.between(new Date(service.createdAt.getTime() + HOUR), now);
    commentRows.push({ serviceId: service.id, userId: author.id, comment: rng.pick(COMMENT_TEXTS), createdAt });
    commentMeta.push({ serviceIndex, authorName: author.name, createdAt });
    if (rng.float() < 0.25 && commentRows.length < TARGET_COMMENTS) {
      const replyAt = earlierOf(now, new Date(createdAt.getTime() + rng.int(20, 36 * 60) * MINUTE));
      commentRows.push({ serviceId: service.id, userId: service.createdBy, comment: rng.pick(OWNER_REPLIES), createdAt: replyAt });
    }
  }

  // ---- favourites and purchases ---------------------------------------------------
  const favoriteRows: (typeof favorites.$inferInsert)[] = candidatePairs()
    .slice(0, TARGET_FAVORITES)
    .map(({ service, member: fan }) => ({
      userId: fan.id,
      serviceId: service.id,
      createdAt: rng.between(laterOf(service.createdAt, fan.createdAt), now),
    }));

  const purchaseRows: (typeof purchases.$inferInsert)[] = candidatePairs()
    .slice(0, TARGET_PURCHASES)
    .map(({ service, member: buyer }) => ({
      serviceId: service.id,
      buyerId: buyer.id,
      price: service.price,
      createdAt: rng.between(earlierOf(now, new Date(service.createdAt.getTime() + DAY)), now),
    }));

  // ---- support tickets -------------------------------------------------------------
  // Each a conversation with the support team (ADR 022): replies at fixed offsets after opening,
  // and a status change (if any) after the last of them.
  const supportTeam = member(DEMO_USERS.find((u) => u.role === "support")!.username);
  const ticketReplyRows: (typeof supportTicketReplies.$inferInsert & { createdAt: Date })[] = [];
  const ticketFiles: { key: string; bytes: Buffer }[] = [];
  const ticketRows: (typeof supportTickets.$inferInsert & { id: string; userId: string; createdAt: Date; updatedAt: Date })[] = SUPPORT_TICKETS.map((t) => {
    const id = randomUUID();
    const author = member(t.by);
    const createdAt = new Date(now.getTime() - t.daysAgo * DAY - rng.int(0, 10 * 60) * MINUTE);
    let updatedAt =
      t.status === "open" ? createdAt : earlierOf(now, new Date(createdAt.getTime() + rng.int(2, 48) * HOUR));
    for (const reply of t.replies) {
      const at = earlierOf(now, new Date(createdAt.getTime() + reply.minutesAfter * MINUTE));
      ticketReplyRows.push({
        ticketId: id,
        authorId: reply.from === "support" ? supportTeam.id : author.id,
        fromSupport: reply.from === "support",
        body: reply.text,
        createdAt: at,
      });
      if (t.status !== "open") updatedAt = laterOf(updatedAt, earlierOf(now, new Date(at.getTime() + 15 * MINUTE)));
    }
    // A ticket's file only with a store to put it in (stored below, before the rows that name it).
    const file = t.file && options.storage ? { key: ticketFileKey(author.id, "txt", createdAt.getTime()), bytes: Buffer.from(t.file.text) } : null;
    if (file) ticketFiles.push(file);
    return {
      id,
      userId: author.id,
      subject: t.subject,
      description: t.description,
      status: t.status,
      createdAt,
      updatedAt,
      ...(file ? { fileKey: file.key, fileName: t.file!.name, fileType: "text/plain", fileSize: file.bytes.length } : {}),
    };
  });

  // ---- conversations and messages ---------------------------------------------------
  const conversationRows: (typeof conversations.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const notificationRows: (typeof notifications.$inferInsert)[] = [];

  for (const c of [...DEMO_CONVERSATIONS, LONG_CHAT]) {
    const a = member(c.a);
    const b = member(c.b);
    const id = randomUUID();
    const [user1Id, user2Id] = orderedPair(a.id, b.id);
    const createdAt = new Date(now.getTime() - c.startDaysAgo * DAY - rng.int(0, 6 * 60) * MINUTE);
    let at = createdAt;
    c.messages.forEach((m, i) => {
      if (i > 0) at = new Date(at.getTime() + rng.int(4, 9 * 60) * MINUTE);
      messageRows.push({
        conversationId: id,
        senderId: m.from === "a" ? a.id : b.id,
        content: m.text,
        read: i < c.messages.length - c.unread,
        createdAt: at,
      });
    });
    const last = c.messages[c.messages.length - 1];
    conversationRows.push({
      id,
      user1Id,
      user2Id,
      kind: c.service === null ? "direct" : "service",
      serviceId: c.service === null ? null : serviceByTitle(c.service).id,
      lastMessageAt: at,
      createdAt,
      updatedAt: at,
    });
    if (last) {
      const sender = last.from === "a" ? a : b;
      const recipient = last.from === "a" ? b : a;
      notificationRows.push({
        userId: recipient.id,
        kind: "messages",
        // The conversation's group, as a sent message files it: opening the chat clears it.
        groupKey: `conversation:${id}`,
        title: "Neue Nachricht",
        message: `${sender.name} hat Ihnen eine Nachricht geschrieben.`,
        link: c.service === null ? `/live-chat/${id}` : `/chats/${id}`,
        read: c.unread === 0, // a chat read to the end has its notification read too
        createdAt: at,
      });
    }
  }

  // ---- notifications about reviews, comments and tickets ------------------------------
  const recentReviews = [...reviewRows]
    .map((r, i) => ({ r, i }))
    .sort((x, y) => (y.r.createdAt as Date).getTime() - (x.r.createdAt as Date).getTime() || x.i - y.i)
    .slice(0, 4);
  const userName = new Map([...byUsername.values()].map((m) => [m.id, m.name]));
  const serviceById = new Map(serviceRows.map((s) => [s.id, s]));
  recentReviews.forEach(({ r }, i) => {
    const service = serviceById.get(r.serviceId);
    if (!service) return;
    notificationRows.push({
      kind: "reviews",
      userId: service.createdBy,
      title: "Neue Bewertung",
      message: `${userName.get(r.userId) ?? "Jemand"} hat „${service.title}“ mit ${r.rating} ${r.rating === 1 ? "Stern" : "Sternen"} bewertet.`,
      link: `/services/${service.id}`,
      read: i >= 2,
      createdAt: r.createdAt,
    });
  });
  const recentComments = commentMeta
    .map((m, i) => ({ m, i }))
    .sort((x, y) => y.m.createdAt.getTime() - x.m.createdAt.getTime() || x.i - y.i)
    .slice(0, 3);
  recentComments.forEach(({ m }, i) => {
    const service = serviceAt(m.serviceIndex);
    notificationRows.push({
      kind: "reviews",
      userId: service.createdBy,
      title: "Neuer Kommentar",
      message: `${m.authorName} hat „${service.title}“ kommentiert.`,
      link: `/services/${service.id}`,
      read: i >= 1,
      createdAt: m.createdAt,
    });
  });
  const statusLabel: Record<TicketStatus, string> = {
    open: "offen",
    in_progress: "in Bearbeitung",
    resolved: "gelöst",
    closed: "geschlossen",
  };
  ticketRows
    .filter((t) => t.status !== "open")
    .forEach((t) => {
      notificationRows.push({
        kind: "tickets",
        userId: t.userId,
        title: "Ticket-Status geändert",
        message: `Ihr Ticket „${t.subject}“ ist jetzt ${statusLabel[t.status ?? "open"]}.`,
        link: `/support/${t.id}`,
        read: t.status === "closed",
        createdAt: t.updatedAt,
      });
    });
  // Each reply told the other side; what was answered since (or is done) has been read.
  ticketRows.forEach((t) => {
    const replies = ticketReplyRows.filter((r) => r.ticketId === t.id);
    const done = t.status === "resolved" || t.status === "closed";
    replies.forEach((reply, i) => {
      const answered = replies.slice(i + 1).some((later) => later.fromSupport !== reply.fromSupport);
      notificationRows.push({
        kind: "tickets",
        userId: reply.fromSupport ? t.userId : supportTeam.id,
        title: reply.fromSupport ? ticketsDe.notification.staffReplyTitle : ticketsDe.notification.authorReplyTitle,
        message: reply.fromSupport
          ? ticketsDe.notification.staffReplyMessage(t.subject)
          : ticketsDe.notification.authorReplyMessage(userName.get(t.userId) ?? "", t.subject),
        link: `/support/${t.id}`,
        read: done || answered,
        createdAt: reply.createdAt,
      });
    });
  });

  // ---- service images: drawn pictures, stored before the rows that name them ----------------
  // Only with a store to put them in (the app's start passes its own; most tests need none).
  const images: DemoImagePlan = options.storage ? await storeDemoImages(options.storage, serviceRows, new Random(0x1a6e_2026)) : { rows: [], folders: [] };
  for (const file of ticketFiles) await options.storage!.put(file.key, file.bytes);

  // ---- write everything in one transaction ---------------------------------------------
  const seeded = await db.transaction(async (tx) => {
    // Someone else may have seeded (or signed up) since the first check.
    if (await hasUsers(tx)) return false;
    await tx.insert(user).values(userRows);
    await tx.insert(account).values(accountRows);
    await tx.insert(profiles).values(profileRows);
    await tx.insert(services).values(serviceRows);
    if (images.rows.length) await tx.insert(serviceImages).values(images.rows);
    await tx.insert(serviceReviews).values(reviewRows);
    await tx.insert(serviceComments).values(commentRows);
    await tx.insert(favorites).values(favoriteRows);
    await tx.insert(purchases).values(purchaseRows);
    await tx.insert(supportTickets).values(ticketRows);
    if (ticketReplyRows.length) await tx.insert(supportTicketReplies).values(ticketReplyRows);
    await tx.insert(conversations).values(conversationRows);
    await tx.insert(messages).values(messageRows);
    await tx.insert(notifications).values(notificationRows);
    if (viewDayRows.length) await tx.insert(serviceViewDays).values(viewDayRows);
    // Orders go through the real use-cases, so they need the rows above to exist first.
    await seedOrderHistory(tx, {
      now,
      rng: new Random(0x0de7_2026),
      members: regularUsers.map((m) => ({ id: m.id, name: m.name, createdAt: m.createdAt, username: m.demo.username, isPremium: m.demo.isPremium })),
      services: serviceRows.map((s) => ({
        id: s.id,
        title: s.title,
        category: s.category,
        createdBy: s.createdBy,
        createdAt: s.createdAt,
        priceUnit: s.priceUnit ?? "fixed",
        isFeatured: s.isFeatured ?? false,
      })),
    });
    // The demo chats are history written after the fact: nobody waits for a digest of their
    // unread messages (ADR 020); a message sent from now on is mailed as usual.
    await tx.execute(sql`insert into message_digests (user_id, covered_until) select id, ${now.toISOString()}::timestamptz from "user" on conflict do nothing`);
    // The ratings cache, exactly as the review writes keep it.
    await tx.execute(sql`
      update services as s
      set rating_avg = r.avg_rating, rating_count = r.review_count
      from (
        select service_id, round(avg(rating)::numeric, 2) as avg_rating, count(*)::int as review_count
        from service_reviews
        group by service_id
      ) as r
      where s.id = r.service_id
    `);
    await seedModerationQueue(tx, { now, services: serviceRows, members: regularUsers, reporter: regularUsers[1]! });
    return true;
  });

  if (!seeded && options.storage) {
    await removeFolders(options.storage, images.folders);
    for (const file of ticketFiles) await options.storage.delete(file.key).catch(() => {});
  }
  return seeded ? { seeded: true, logins: loginList() } : { seeded: false, logins: [] };
}

/**
 * Two open reports, so /moderation has something to show the demo support user (ADR 023): a
 * signed-out visitor's notice about one service, and a member's about another's profile.
 */
async function seedModerationQueue(
  tx: Database,
  {
    now,
    services: serviceRows,
    members,
    reporter,
  }: { now: Date; services: { id: string; title: string; createdBy: string }[]; members: { id: string; name: string }[]; reporter: { id: string } },
): Promise<void> {
  const service = serviceRows.find((s) => s.createdBy !== reporter.id)!;
  const profileOwner = members.find((m) => m.id !== reporter.id && m.id !== service.createdBy)!;
  const [serviceCase, profileCase] = await tx
    .insert(moderationCases)
    .values([
      { itemKind: "service", itemId: service.id, authorId: service.createdBy, itemSummary: service.title, createdAt: new Date(now.getTime() - 3 * HOUR), updatedAt: new Date(now.getTime() - 3 * HOUR) },
      { itemKind: "profile", itemId: profileOwner.id, authorId: profileOwner.id, itemSummary: profileOwner.name, createdAt: new Date(now.getTime() - HOUR), updatedAt: new Date(now.getTime() - HOUR) },
    ])
    .returning({ id: moderationCases.id });
  await tx.insert(moderationReports).values([
    {
      caseId: serviceCase!.id,
      reason: "illegal",
      category: "fraud",
      explanation: "Der Anbieter verlangt laut Beschreibung Vorkasse per Gutschein – das sieht nach Betrug aus.",
      reporterName: "Besucher",
      reporterEmail: "besucher@demo.marktplatz.example",
      clientKey: "demo",
      reporterKey: "email:besucher@demo.marktplatz.example",
      createdAt: new Date(now.getTime() - 3 * HOUR),
    },
    {
      caseId: profileCase!.id,
      reporterId: reporter.id,
      reason: "terms",
      explanation: "Im Profiltext wird für Aufträge außerhalb des Marktplatzes geworben.",
      clientKey: "demo",
      reporterKey: `user:${reporter.id}`,
      createdAt: new Date(now.getTime() - HOUR),
    },
  ]);
  await tx.insert(moderationAudit).values([
    { caseId: serviceCase!.id, action: "report", detail: "Rechtswidriger Inhalt: Betrug oder Täuschung", createdAt: new Date(now.getTime() - 3 * HOUR) },
    { caseId: profileCase!.id, actorId: reporter.id, action: "report", detail: "Verstoß gegen die Nutzungsbedingungen", createdAt: new Date(now.getTime() - HOUR) },
  ]);
}
