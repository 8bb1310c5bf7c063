import { useState, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { FRAGMENT_ATTRIBUTE, useSharedFragment } from "~/lib/shared-fragment";
import type { ServiceCard as ServiceCardData } from "../service-card.server";
import { AuthorDialog } from "./author-dialog";
import { ServiceCard, type CardHeadingLevel } from "./service-card";

type SerializedCard = Omit<ServiceCardData, "createdAt"> & { createdAt: string | Date };

/**
 * The cards of one catalogue page, as a list (also rendered alone into the shared HTML, with the
 * same heading level as the page renders them: the fragment's key belongs to one page).
 */
export function ServiceCardList({ items, headingLevel }: { items: SerializedCard[]; headingLevel: CardHeadingLevel }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((service, index) => (
        <li key={service.id}>
          <ServiceCard service={service} headingLevel={headingLevel} load={index === 0 ? "first" : index < 3 ? "eager" : "lazy"} />
        </li>
      ))}
    </ul>
  );
}

/** A plain left click that the page may handle itself (no new tab, no modifier). */
function isPlainClick(event: MouseEvent) {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The catalogue's cards. The server inserts the shared HTML of this page of cards (rendered once
 * for everyone, ~/features/services/shared-list.server) and the browser keeps it without
 * hydrating the cards; clicks are handled here for both forms: the author link opens the
 * author's dialog, and a link in the shared HTML navigates on the client like a <Link>.
 */
export function ServiceGrid({ items, fragmentKey, headingLevel }: { items: SerializedCard[]; fragmentKey: string; headingLevel: CardHeadingLevel }) {
  const { shared, html } = useSharedFragment(fragmentKey, items);
  const navigate = useNavigate();
  const [author, setAuthor] = useState<{ id: string; button: HTMLElement } | null>(null);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const authorLink = target.closest<HTMLElement>("[data-author-id]");
    if (authorLink?.dataset.authorId) {
      // A plain click opens the dialog; with a modifier (new tab) the link goes to the profile page.
      if (!isPlainClick(event)) return;
      event.preventDefault();
      setAuthor({ id: authorLink.dataset.authorId, button: authorLink });
      return;
    }
    // The live cards' <Link>s navigate themselves.
    const link = shared ? target.closest("a") : null;
    if (!link || !isPlainClick(event) || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };

  const content = shared
    ? { [FRAGMENT_ATTRIBUTE]: fragmentKey, dangerouslySetInnerHTML: { __html: html ?? "" }, suppressHydrationWarning: true }
    : { children: <ServiceCardList items={items} headingLevel={headingLevel} /> };
  return (
    <>
      {/* Clicks reach the handler from the buttons and links inside (delegation); keyboard use
          of them fires click events too, so nothing is reachable by mouse only. */}
      <div className="mt-4" onClick={onClick} {...content} />
      {/* Mounted on demand: a closed dialog needs no tree. */}
      {author && <AuthorDialog userId={author.id} open onOpenChange={(open) => !open && setAuthor(null)} returnFocusTo={author.button} />}
    </>
  );
}
