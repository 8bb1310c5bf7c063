import { Construction } from "lucide-react";
import { Link } from "react-router";
import { de } from "~/i18n/de";

/** A plain page for screens whose feature is not built yet (no invented content). */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-20 text-center">
      <Construction className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{de.placeholder.text}</p>
      <Link to="/" className="mt-6 font-medium text-primary underline-offset-4 hover:underline">
        {de.placeholder.back}
      </Link>
    </div>
  );
}
