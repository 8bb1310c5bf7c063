import { Sparkles } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { publicDe as de } from "~/i18n/public.de";

/** The visible 'Hervorgehoben' label of featured services. */
export function FeaturedBadge() {
  return (
    <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
      <Sparkles className="size-3" aria-hidden="true" />
      {de.services.featured}
    </Badge>
  );
}
