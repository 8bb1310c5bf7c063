import { Form, useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { RotateCcw } from "~/components/ui/icons";
import { blocksDe as t } from "~/i18n/blocks.de";
import { blockPath } from "../paths";

/** "Blockierung aufheben": a plain form (with or without JavaScript); the server goes back to `returnTo` with a toast. */
export function UnblockForm({
  userId,
  name,
  returnTo,
  variant = "outline",
  className,
  buttonId,
}: {
  userId: string;
  name: string;
  returnTo: string;
  variant?: ButtonProps["variant"];
  className?: string;
  /** The button's id (a page that moves the focus to it). */
  buttonId?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === blockPath(userId);
  return (
    <Form method="post" action={blockPath(userId)} className={className}>
      <input type="hidden" name="intent" value="unblock" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button id={buttonId} type="submit" variant={variant} size="sm" disabled={busy} aria-label={t.unblockPerson(name)}>
        <RotateCcw aria-hidden="true" />
        {t.unblock}
      </Button>
    </Form>
  );
}
