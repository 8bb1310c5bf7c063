import { BadgeCheck } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "~/components/ui/toast";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { publicDe as de } from "~/i18n/public.de";
import { displayName, formatDate } from "~/lib/format";

import type { AuthorProfile as AuthorProfileData } from "~/features/profiles/public-profile.server";

/** What /api/profiles/:userId answers (JSON: the date is a string). */
type AuthorProfile = Omit<AuthorProfileData, "createdAt"> & { createdAt: string };

type State = { status: "loading" } | { status: "loaded"; profile: AuthorProfile } | { status: "not-found" } | { status: "error" };

/** The author's public profile in a dialog, loaded when it opens (through ./author-dialog). */
export function AuthorProfileDialog({
  userId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog (it has no Radix trigger): focus goes back to it on close. */
  returnFocusTo?: HTMLElement | null;
}) {
  const [state, setState] = useState<State>({ status: "loading" });
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!open || loadedFor.current === userId) return;
    loadedFor.current = userId;
    let cancelled = false;
    fetch(`/api/profiles/${encodeURIComponent(userId)}`, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (cancelled) return;
        if (response.status === 404) return setState({ status: "not-found" });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setState({ status: "loaded", profile: (await response.json()) as AuthorProfile });
      })
      .catch(() => {
        if (cancelled) return;
        loadedFor.current = null;
        setState({ status: "error" });
        toast.error(de.services.authorDialog.loadError, { description: de.services.authorDialog.loadErrorText });
      });
    return () => {
      cancelled = true;
    };
  }, [open, userId]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={de.services.authorDialog.close}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.isConnected) return;
          event.preventDefault();
          returnFocusTo.focus();
        }}
      >
        <DialogTitle>{de.services.authorDialog.title}</DialogTitle>
        {state.status === "loading" && <p className="text-sm text-muted-foreground">{de.services.authorDialog.loading}</p>}
        {state.status === "not-found" && <p className="text-sm">{de.services.authorDialog.notFound}</p>}
        {state.status === "error" && <p className="text-sm text-destructive">{de.services.authorDialog.loadErrorText}</p>}
        {state.status === "loaded" && (
          <div className="grid gap-4">
            <div className="flex items-center gap-4">
              <Avatar src={state.profile.avatarUrl} firstName={state.profile.firstName} lastName={state.profile.lastName} className="size-16 text-xl" />
              <div className="min-w-0">
                <p className="flex items-center gap-1.5 text-lg font-semibold">
                  {displayName(state.profile.firstName, state.profile.lastName)}
                  {state.profile.isPremium && <BadgeCheck className="size-5 text-amber-500" aria-label="Premium" />}
                </p>
                {state.profile.username && <p className="text-sm text-muted-foreground">@{state.profile.username}</p>}
                <p className="text-sm text-muted-foreground">{de.services.detail.memberSince(formatDate(state.profile.createdAt, "monthYear"))}</p>
              </div>
            </div>
            {state.profile.bio && <DialogDescription className="whitespace-pre-line text-foreground">{state.profile.bio}</DialogDescription>}
            <Button asChild>
              <Link to={state.profile.username ? `/u/${state.profile.username}` : `/public-profile/${state.profile.userId}`}>
                {de.services.authorDialog.toProfile}
              </Link>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
