import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The route table of the spec (section 2), in its order.
export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:id", "routes/service-detail.tsx"),
  route("services/:id/edit", "routes/service-edit.tsx"),
  route("services/:id/view", "routes/service-view.ts"),

  // Signed in only: the layout route redirects signed-out visitors to /auth.
  layout("routes/signed-in-layout.tsx", [
    route("create-service", "routes/create-service.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("chats/:chatId?", "routes/chats.tsx"),
    route("profile", "routes/profile.tsx"),
    route("support", "routes/support.tsx"),
    route("support/:ticketId", "routes/support-ticket.tsx"),
    route("orders", "routes/orders.tsx"),
    route("orders/billing", "routes/order-billing.tsx"),
    route("orders/:id", "routes/order-detail.tsx"),
    route("services/:id/beauftragen", "routes/order-book.tsx"),
    route("blocks/:userId", "routes/block-user.tsx"),
    // One's notifications as a page: the bell's popover without JavaScript, and "Alle Benachrichtigungen".
    route("benachrichtigungen", "routes/notifications.tsx"),
    // Notice and action (ADR 023): the support role's queue and cases; 404 for anyone else.
    route("moderation", "routes/moderation.tsx"),
    route("moderation/:caseId", "routes/moderation-case.tsx"),
  ]),

  // Signed out, the live chat says so itself (spec: 'Bitte melden Sie sich an, um den Live-Chat zu nutzen.').
  route("live-chat/:chatId?", "routes/live-chat.tsx"),
  route("u/:username", "routes/public-profile.tsx"),
  // Reporting content ("Melden", DSA art. 16): for anyone; a message only by its recipient.
  route("melden", "routes/report.tsx"),
  // Decisions about one's content with the statement of reasons and the objection (DSA art. 17, 20):
  // the list signed in; one decision also with the statement mail's signed link (a suspended account).
  route("entscheidungen/:decisionId?", "routes/decisions.tsx"),
  // A suspended account's data rights: download and deletion, with the short access its sign-in grants.
  route("konto-gesperrt", "routes/suspended-account.tsx"),
  route("public-profile/:userId", "routes/public-profile-by-id.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  // The one-click unsubscribe of notification mails (signed link, no sign-in).
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("imprint", "routes/imprint.tsx"),
  route("barrierefreiheit", "routes/accessibility.tsx"),
  route("transparenz", "routes/transparency.tsx"),
  route("error", "routes/error.tsx"),

  // Resource routes.
  route("preferences", "routes/preferences.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/profiles/:userId", "routes/api.profiles.ts"),
  route("api/profiles/:userId/view", "routes/api.profile-view.ts"),
  route("profile/avatar", "routes/profile.avatar.ts"),
  route("profile/gallery", "routes/profile.gallery.ts"),
  route("profile/export", "routes/profile.export.ts"),
  route("konto-gesperrt/export", "routes/suspended-account.export.ts"),
  route("profile/presence", "routes/profile.presence.ts"),
  route("api/service-images", "routes/api.service-images.ts"),
  route("api/service-images/:imageId", "routes/api.service-image.ts"),
  route("profile/email-confirmed", "routes/profile.email-confirmed.ts"),
  route("api/events", "routes/api.events.ts"),
  route("api/counts", "routes/api.counts.ts"),
  route("api/suggestions", "routes/api.suggestions.ts"),
  route("api/notifications", "routes/api.notifications.ts"),
  route("api/conversations/:id/messages", "routes/api.conversation-messages.ts"),
  route("api/conversations/:id/read", "routes/api.conversation-read.ts"),
  route("api/conversations/:id/typing", "routes/api.conversation-typing.ts"),
  route("api/attachments/:messageId", "routes/api.attachments.ts"),
  route("orders/:id/dateien/:fileId", "routes/order-file.ts"),
  route("support/:ticketId/dateien/:fileId", "routes/support-ticket-file.ts"),
  route("orders/:id/rechnung", "routes/order-invoice.ts"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("auth/verified", "routes/auth.verified.ts"),
  route("storage/*", "routes/storage.ts"),
  route("service-covers/:name", "routes/service-cover.ts"),
  route("dev/mail", "routes/dev.mail.tsx"),
  route("dev/mail/:id", "routes/dev.mail.message.tsx"),
  // Probes for a load balancer or an orchestrator (liveness, readiness).
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("metrics", "routes/metrics.ts"),

  // Any other path: the 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
