import { lazy, Suspense, type ComponentProps } from "react";

// The dialog (Radix with its focus trap and scroll lock) loads with the first click on an author:
// the catalogue's cards do not need it to show.
const AuthorProfileDialog = lazy(() => import("./author-profile-dialog").then((module) => ({ default: module.AuthorProfileDialog })));

/** The author's public profile in a dialog; mount it when it opens. */
export function AuthorDialog(props: ComponentProps<typeof AuthorProfileDialog>) {
  return (
    <Suspense fallback={null}>
      <AuthorProfileDialog {...props} />
    </Suspense>
  );
}
