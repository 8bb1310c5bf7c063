import { ArrowRight, BarChart3, MessagesSquare, ShieldCheck, TrendingUp } from "~/components/ui/icons";
import { Link, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { CREATE_CATEGORIES } from "~/features/services/categories";
import { publicDe as de, pageMeta } from "~/i18n/public.de";
import type { loader as rootLoader } from "~/root";

const featureIcons = {
  quality: ShieldCheck,
  analytics: BarChart3,
  revenue: TrendingUp,
  chat: MessagesSquare,
} as const;

export function meta() {
  return pageMeta();
}

export default function Home() {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);

  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-center lg:py-28">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{de.landing.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {de.landing.headline}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">{de.landing.intro}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button asChild size="lg">
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
                <Button asChild size="lg" variant="outline">
                  <Link to="/auth">{de.landing.getStarted}</Link>
                </Button>
              )}
            </div>
          </div>
          <aside aria-labelledby="categories-heading" className="rounded-2xl border bg-card/80 p-6 shadow-sm">
            <h2 id="categories-heading" className="font-semibold">
              {de.landing.categoriesHeading}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{de.landing.categoriesText}</p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {CREATE_CATEGORIES.map((category) => (
                <li key={category}>
                  <Link
                    to={`/services?category=${encodeURIComponent(category)}`}
                    className="inline-flex rounded-full border bg-background px-3 py-1.5 text-sm font-medium transition-colors hover:border-primary hover:text-primary"
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

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
