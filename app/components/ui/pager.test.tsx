import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager } from "./pager";

/** The pager's links (rel and href) and the page text. */
function rendered(props: Parameters<typeof Pager>[0]) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <Pager {...props} />
    </MemoryRouter>,
  );
  const links = [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => ({ rel: /rel="([^"]*)"/.exec(tag)?.[1], href: /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&") }));
  return { links, text: /<span class="text-sm[^"]*">([^<]*)<\/span>/.exec(html)?.[1] };
}

describe("pager", () => {
  it("links the pages around by number", () => {
    expect(rendered({ page: 2, pageCount: 5, href: (p) => `/support?page=${p}` })).toEqual({
      links: [
        { rel: "prev", href: "/support?page=1" },
        { rel: "next", href: "/support?page=3" },
      ],
      text: "Seite 2 von 5",
    });
  });

  it("takes the links it is given (the catalogue's cursors)", () => {
    const props = { page: 7, hasNext: true, previousHref: "/services?page=6&before=b", nextHref: "/services?page=8&after=a" };
    expect(rendered(props)).toEqual({
      links: [
        { rel: "prev", href: "/services?page=6&before=b" },
        { rel: "next", href: "/services?page=8&after=a" },
      ],
      text: "Seite 7",
    });
    expect(rendered({ ...props, page: 1 }).links).toEqual([{ rel: "next", href: "/services?page=8&after=a" }]);
    expect(rendered({ ...props, hasNext: false }).links).toEqual([{ rel: "prev", href: "/services?page=6&before=b" }]);
  });
});
