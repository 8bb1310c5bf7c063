import { Suspense, useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { UserX } from "~/components/ui/icons";
import { blocksDe as t } from "~/i18n/blocks.de";
import { lazyPart } from "~/lib/lazy-part";
import { blockPath } from "../paths";

const { Part: BlockConfirm, preload } = lazyPart(() => import("./block-confirm").then((module) => module.BlockConfirm));

/**
 * "Blockieren": a link to the confirmation page, which is what it stays without JavaScript; with
 * JavaScript it asks in a dialog instead, and confirming posts the same form.
 */
export function BlockButton({
  id,
  userId,
  name,
  returnTo,
  compact = false,
  variant = "outline",
  className,
}: {
  /** The button's id (a page that moves the focus to it). */
  id?: string;
  userId: string;
  name: string;
  returnTo: string;
  /** Only the icon on small screens (the accessible name stays). */
  compact?: boolean;
  variant?: ButtonProps["variant"];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const onOpenChange = useCallback((next: boolean) => setOpen(next), []);
  return (
    <>
      <Button asChild variant={variant} className={className}>
        <Link
          ref={trigger}
          id={id}
          to={blockPath(userId, returnTo)}
          aria-label={t.blockPerson(name)}
          aria-haspopup="dialog"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          <UserX aria-hidden="true" />
          <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{t.block}</span>
        </Link>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BlockConfirm userId={userId} name={name} returnTo={returnTo} open onOpenChange={onOpenChange} returnFocusTo={trigger} />
        </Suspense>
      )}
    </>
  );
}
