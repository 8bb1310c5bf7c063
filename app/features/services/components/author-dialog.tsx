import { Suspense, type ComponentProps } from "react";
import { lazyPart } from "~/lib/lazy-part";

// The dialog (Radix with its focus trap and scroll lock) loads with the first click on an author:
// the catalogue's cards do not need it to show.
const { Part: AuthorProfileDialog } = lazyPart(() => import("./author-profile-dialog").then((module) => module.AuthorProfileDialog));

/** The author's public profile in a dialog; mount it when it opens. */
export function AuthorDialog(props: ComponentProps<typeof AuthorProfileDialog>) {
  return (
    <Suspense fallback={null}>
      <AuthorProfileDialog {...props} />
    </Suspense>
  );
}
