import { de } from "~/i18n/de";

function Block({ className }: { className: string }) {
  return <div className={`rounded bg-muted ${className}`} />;
}

/**
 * The profile page while a client navigation loads it (spec: "A loading skeleton"). The root
 * renders it (app/root.tsx), loading this module only then: no page's first load carries it.
 */
export default function ProfileLoading() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{de.pages.profile}</h1>
      <div className="mt-6">
        <ProfileSkeleton />
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">{de.profile.loading}</span>
      <div className="animate-pulse rounded-xl border bg-card p-6" aria-hidden="true">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <div className="size-24 shrink-0 rounded-full bg-muted" />
          <div className="grid flex-1 gap-3">
            <Block className="h-7 w-56" />
            <Block className="h-4 w-72 max-w-full" />
            <Block className="h-4 w-40" />
          </div>
        </div>
        <Block className="mt-6 h-16 w-full" />
      </div>
      {[0, 1, 2].map((i) => (
        <div key={i} className="animate-pulse rounded-xl border bg-card p-6" aria-hidden="true">
          <Block className="h-6 w-48" />
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {[0, 1, 2, 3, 4].map((j) => (
              <div key={j} className="aspect-square rounded-lg bg-muted" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
