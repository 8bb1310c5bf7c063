import { cn } from "~/lib/class-names";
import { initials } from "~/lib/format";

/** A round avatar: the image when there is one, the initials otherwise. */
export function Avatar({
  src,
  firstName,
  lastName,
  className,
}: {
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  className?: string;
}) {
  return (
    <span
      className={cn("ui-avatar", className)}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" className="size-full object-cover" loading="lazy" /> : initials(firstName, lastName)}
    </span>
  );
}
