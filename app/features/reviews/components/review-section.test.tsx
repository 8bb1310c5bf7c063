import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { publicDe as de } from "~/i18n/public.de";
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
