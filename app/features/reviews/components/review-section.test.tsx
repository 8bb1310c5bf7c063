import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { publicDe as de } from "~/i18n/public.de";
import { reviewsOrdersDe } from "~/i18n/reviews-orders.de";
import { REVIEW_FORM_ID } from "../anchors";
import { ReviewSection } from "./review-section";

/** The section of a service without reviews, as the given viewer sees it. */
function emptySection(viewer: "owner" | "member" | "visitor") {
  const element = (
    <ReviewSection
      action="/services/s1"
      reviews={[]}
      ownReview={null}
      canReview={viewer === "member"}
      canReply={viewer === "owner"}
      signedIn={viewer !== "visitor"}
      viewerId={viewer === "visitor" ? null : viewer}
    />
  );
  const router = createMemoryRouter([{ path: "/services/:id", element }], { initialEntries: ["/services/s1"] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("a service without reviews", () => {
  it("invites signed-in non-owners and visitors to be the first", () => {
    expect(emptySection("member")).toContain(de.reviews.empty);
    expect(emptySection("visitor")).toContain(de.reviews.empty);
  });

  it("tells its owner, who cannot rate it, only that there are none", () => {
    const html = emptySection("owner");
    expect(html).toContain(">Noch keine Bewertungen.</p>");
    expect(html).not.toContain("Seien Sie die erste Person");
  });
});

describe("the viewer's own review, removed by moderation", () => {
  const removedReview = {
    id: "r1",
    rating: 1,
    reviewText: "Entfernter Text",
    createdAt: "2026-11-20T10:00:00.000Z",
    author: { userId: "member", firstName: "Mia", lastName: "Muster", avatarUrl: null },
    verified: false,
    reply: null,
    removed: true,
  };
  function section(ownReview: { rating: number; reviewText: string | null; removed: boolean }) {
    const element = (
      <ReviewSection action="/services/s1" reviews={[removedReview]} ownReview={ownReview} canReview canReply={false} signedIn viewerId="member" />
    );
    const router = createMemoryRouter([{ path: "/services/:id", element }], { initialEntries: ["/services/s1"] });
    return renderToStaticMarkup(<RouterProvider router={router} />);
  }

  it("is not offered for editing: no stars, no text field, no save button; it says why and where the reasons are", () => {
    const html = section({ rating: 1, reviewText: "Entfernter Text", removed: true });
    expect(html).toContain(reviewsOrdersDe.removedOwn.title);
    expect(html).toContain('href="/entscheidungen"');
    expect(html).not.toContain('name="reviewText"');
    expect(html).not.toContain(de.reviews.update);
    expect(html).not.toContain(de.reviews.starLabel(5));
    // The orders page's "Ihre Bewertung ansehen" still lands at it.
    expect(html).toContain(`id="${REVIEW_FORM_ID}"`);
  });

  it("is editable as before when it is not removed", () => {
    const html = section({ rating: 1, reviewText: "Entfernter Text", removed: false });
    expect(html).toContain('name="reviewText"');
    expect(html).toContain(de.reviews.update);
    expect(html).not.toContain(reviewsOrdersDe.removedOwn.title);
  });
});
