import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { moderationPublicDe } from "~/i18n/moderation-public.de";
import type { MessageView } from "../messages.server";
import { MessageList } from "./message-list";

function list(messages: MessageView[]) {
  const element = <MessageList view="service" messages={messages} hasEarlier={false} loadingEarlier={false} onLoadEarlier={() => {}} emptyText="Leer" />;
  const router = createMemoryRouter([{ path: "/chats/:id", element }], { initialEntries: ["/chats/c1"] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const sent: MessageView = { id: "m1", senderId: "me", mine: true, content: "Drohung", file: null, read: false, createdAt: "2026-11-20T10:00:00.000Z" };

describe("a message removed by moderation, as its sender sees it", () => {
  it("says so and links to the decision that removed it, where the reasons and the objection are (ADR 023)", () => {
    const html = list([{ ...sent, removed: true, removalDecisionId: "d-42" }]);
    expect(html).toContain(moderationPublicDe.messageRemoved);
    expect(html).toContain(`href="/entscheidungen/d-42"`);
    expect(html).toContain(`>${moderationPublicDe.removedBanner.link}</a>`);
  });

  it("links to the list of decisions when the decision is not known", () => {
    expect(list([{ ...sent, removed: true }])).toContain(`href="/entscheidungen"`);
  });

  it("a message not removed has neither", () => {
    const html = list([sent]);
    expect(html).not.toContain(moderationPublicDe.messageRemoved);
    expect(html).not.toContain("/entscheidungen");
  });
});
