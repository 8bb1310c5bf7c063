import {
  ArrowRight,
  BarChart3,
  Briefcase,
  ClipboardCheck,
  FileText,
  LayoutDashboard,
  LayoutGrid,
  MessagesSquare,
  PackageOpen,
  Search,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  type LucideIcon,
} from "~/components/ui/icons";
import { data, Form, Link, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { SearchSuggest } from "~/features/services/components/search-suggest";
import { sharedMarket, type LoaderMarket, type Market } from "~/features/landing/market.server";
import { SERVICE_CATEGORIES } from "~/features/services/categories";
import { ServiceGrid } from "~/features/services/components/service-grid";
import { publicDe as de, pageMeta } from "~/i18n/public.de";
import { formatRating } from "~/lib/format";
import { database } from "~/lib/request-context.server";
import { failureOf } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

const featureIcons = {
  quality: ShieldCheck,
  analytics: BarChart3,
  revenue: TrendingUp,
  chat: MessagesSquare,
} as const;

const categoryIcons: Record<string, LucideIcon> = {
  "Web Development": LayoutDashboard,
  "Mobile Development": LayoutGrid,
  Design: Sparkles,
  Writing: FileText,
  Marketing: TrendingUp,
  Consulting: Briefcase,
  Education: ClipboardCheck,
  Business: BarChart3,
  Other: PackageOpen,
};

/** Signed-out visitors share the rendered start page for a few seconds (PAGE_CACHE_SECONDS), like /services. */
export const handle = { policy: { pageCache: "shared" } } satisfies PolicyHandle;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { market: await sharedMarket(await database(context), context) };
  } catch (error) {
    // The page stands without the market (headline, search, links); 503 so that no cache keeps it.
    const market: LoaderMarket | null = null;
    return data({ market }, { status: failureOf(error, "landing market").status });
  }
}

export function meta() {
  return pageMeta();
}

const number = (n: number) => n.toLocaleString("de-DE");

function SearchBox() {
  return (
    // A plain GET form: it works without JavaScript and leads to the catalogue with `q`.
    <Form method="get" action="/services" role="search" className="mt-8 max-w-2xl">
      <label htmlFor="landing-search" className="text-sm font-semibold">
        {de.landing.searchLabel}
      </label>
      <div className="mt-2 flex gap-2 rounded-xl border bg-card p-2 shadow-sm focus-within:ring-2 focus-within:ring-ring">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 z-10 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          {/* Suggestions while typing, as on /services (without JavaScript a plain search field). */}
          <SearchSuggest
            id="landing-search"
            name="q"
            maxLength={100}
            enterKeyHint="search"
            placeholder={de.landing.searchPlaceholder}
            className="h-11 border-0 pl-10 text-base shadow-none focus-visible:outline-none sm:text-base"
          />
        </div>
        <Button type="submit" size="lg" className="h-11 shrink-0 px-4 sm:px-6">
          {de.landing.searchSubmit}
        </Button>
      </div>
    </Form>
  );
}

function Figures({ figures }: { figures: Market["figures"] }) {
  const items = [
    { value: number(figures.services), label: de.landing.figures.services(figures.services) },
    { value: number(figures.providers), label: de.landing.figures.providers(figures.providers) },
    figures.averageRating === null
      ? { value: "–", label: de.landing.figures.noRating }
      : { value: de.landing.figures.ratingValue(formatRating(figures.averageRating)), label: de.landing.figures.rating },
    { value: number(figures.ratings), label: de.landing.figures.ratings(figures.ratings) },
  ];
  return (
    <section aria-labelledby="figures-heading" className="border-b bg-card">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h2 id="figures-heading" className="sr-only">
          {de.landing.figuresHeading}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-6 lg:grid-cols-4">
          {items.map((item) => (
            <div key={item.label} className="flex flex-col">
              <dt className="mt-1 text-sm text-muted-foreground">{item.label}</dt>
              {/* The figure above its label, while the list keeps term before value. */}
              <dd className="order-first text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A landing section's heading with its line of text, and the link to see more of it. */
function SectionHeader({ id, title, text, to, more }: { id: string; title: string; text: string; to: string; more: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mt-1 text-muted-foreground">{text}</p>
      </div>
      <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        {more}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}

/** `counts` null: the market could not be read; the tiles lead on without numbers rather than with wrong ones. */
function Categories({ counts }: { counts: Market["categories"] | null }) {
  const byCategory = new Map((counts ?? []).map((c) => [c.category, c.count]));
  // The categories with offers, the busiest first (ties in the catalogue's own order): an empty one
  // is no popular category and leads nowhere. Without counts (or on an empty marketplace) all of them.
  const all = SERVICE_CATEGORIES.map((category) => ({ category, count: byCategory.get(category) ?? 0 })).sort((a, b) => b.count - a.count);
  const tiles = all.some((tile) => tile.count > 0) ? all.filter((tile) => tile.count > 0) : all;
  return (
    <section aria-labelledby="categories-heading" className="mx-auto w-full max-w-7xl px-4 pt-14 sm:px-6">
      <SectionHeader id="categories-heading" title={de.landing.categoriesHeading} text={de.landing.categoriesText} to="/services" more={de.landing.categoriesAll} />
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {tiles.map(({ category, count }) => {
          const Icon = categoryIcons[category] ?? PackageOpen;
          return (
            <li key={category}>
              <Link
                to={`/services?category=${encodeURIComponent(category)}`}
                className="group flex h-full flex-col items-start gap-2 rounded-xl border bg-card p-3 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:gap-4 sm:p-4"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:size-12">
                  <Icon className="size-5 sm:size-6" aria-hidden="true" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold leading-snug group-hover:text-primary">{category}</span>
                  {counts && <span className="block text-sm text-muted-foreground">{de.landing.categoryCount(count)}</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const { market } = loaderData;

  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:py-24">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{de.landing.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">{de.landing.headline}</h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">{de.landing.intro}</p>
            <SearchBox />
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button asChild size="lg" variant="outline">
                <Link to="/services">
                  {de.landing.browse}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              {signedIn ? (
                <>
                  <Button asChild size="lg" variant="outline">
                    <Link to="/create-service">{de.landing.createService}</Link>
                  </Button>
                  <Button asChild size="lg" variant="ghost">
                    <Link to="/dashboard">{de.landing.toDashboard}</Link>
                  </Button>
                </>
              ) : (
                <Button asChild size="lg" variant="ghost">
                  <Link to="/auth?tab=register">{de.landing.getStarted}</Link>
                </Button>
              )}
            </div>
          </div>
        </div>
      </section>

      {market && <Figures figures={market.figures} />}
      <Categories counts={market?.categories ?? null} />

      {market && (
        <section aria-labelledby="featured-heading" className="mx-auto w-full max-w-7xl px-4 pt-14 sm:px-6">
          <SectionHeader id="featured-heading" title={de.landing.featuredHeading} text={de.landing.featuredText} to="/services?sort=rating" more={de.landing.featuredAll} />
          {market.featured.shown > 0 ? (
            <ServiceGrid items={market.featured.items} fragmentKey={market.fragmentKey} headingLevel={3} />
          ) : (
            <p className="mt-6 rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">{de.landing.featuredEmpty}</p>
          )}
        </section>
      )}

      <section aria-labelledby="features-heading" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {de.landing.featuresHeading}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {de.landing.features.map((feature) => {
            const Icon = featureIcons[feature.key];
            return (
              <li key={feature.key}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <CardTitle className="mt-3">{feature.title}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-sm leading-relaxed text-muted-foreground">{feature.text}</p>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="mx-auto mb-16 w-full max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold tracking-tight">{de.landing.ctaHeading}</h2>
            <p className="mt-2 max-w-xl text-primary-foreground/85">{de.landing.ctaText}</p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <Link to="/services">{de.landing.browse}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
