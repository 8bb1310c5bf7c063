import type { ReactNode, RefObject } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { IMAGE_ACCEPT } from "../schema";

/**
 * The profile's image uploads (avatar, gallery) as a form that works both ways (ADR 031). Before
 * the scripts run, or without them, it is a plain multipart form: a visible file field and the
 * submit button `children(false)` renders; the route answers with a redirect back to /profile and
 * its outcome. Once hydrated, the field is hidden, `children(true)` renders a button that opens
 * the picker (`inputRef`), and the chosen files go to `onFiles` (uploaded at once, with progress).
 */
export function ImageUploadForm({
  action,
  inputId,
  name,
  label,
  multiple = false,
  plainClassName,
  inputRef,
  onFiles,
  children,
}: {
  action: string;
  inputId: string;
  name: string;
  /** The file field's accessible name. */
  label: string;
  multiple?: boolean;
  /** The form's layout while it is a plain form (hydrated, it lays out as its parent's content). */
  plainClassName: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onFiles: (files: File[]) => void;
  children: (hydrated: boolean) => ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className={hydrated ? "contents" : plainClassName}
      // Hydrated, nothing submits it (the button opens the picker); Enter in it must not post either.
      onSubmit={(event) => event.preventDefault()}
    >
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        className={hydrated ? "hidden" : "max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"}
        aria-label={label}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so that choosing the same file again is a change too.
          event.currentTarget.value = "";
          if (files.length) onFiles(files);
        }}
      />
      {children(hydrated)}
    </form>
  );
}
