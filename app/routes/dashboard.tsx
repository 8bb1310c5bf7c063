import { BarChart3, Eye, LayoutGrid, MessageCircle, Pencil, Plus, ShoppingBag, Star, UserRound, Wallet } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link } from "react-router";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Funnel, OpenOrders, ordersListUrl } from "~/features/orders/components/order-figures";
import { RevenueChart } from "~/features/orders/components/revenue-chart";
import { getRevenueDashboard } from "~/features/orders/revenue.server";
// Signed-in only: the confirmation loads with the page (lazily, a click before its chunk arrived was lost).
import { DeleteServiceDialog } from "~/features/services/components/delete-service-dialog";
import { PriceUnitText } from "~/features/services/components/service-card";
import { RatingLine } from "~/features/services/components/service-card";
import { getDashboard } from "~/features/services/dashboard.server";
import { deleteService } from "~/features/services/editing.server";
import { de, pageMeta } from "~/i18n/de";
import { revenueDe } from "~/i18n/revenue.de";
import { formatPrice, formatRating } from "~/lib/format";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return pageMeta(de.pages.dashboard, undefined, { robots: "noindex" });
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = await database(context);
  const [dashboard, orders] = await Promise.all([getDashboard(db, user.id), getRevenueDashboard(db, { userId: user.id })]);
  return { firstName: user.firstName, dashboard, orders };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await readForm(request);
  const db = await database(context);
  return actionResult(() => deleteService(db, { actorId: user.id, serviceId: form.serviceId }), { texts: { not_service_owner: de.services.detail.deleteForbidden } });
}

function Stat({ icon: Icon, label, value, hint }: { icon: typeof Eye; label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-4 pt-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        </div>
      </CardContent>
    </Card>
  );
}

function BuyerFigure({ icon: Icon, label, value }: { icon: typeof Eye; label: string; value: string }) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-xl font-bold tabular-nums">{value}</p>
      </div>
    </div>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { dashboard, orders, firstName } = loaderData;
  const isProvider = dashboard.serviceCount > 0 || orders.seller.orderCount > 0;
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(de.services.detail.deleted);
    else toast.error(de.services.detail.deleteError, { description: actionData.message });
  }, [actionData]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{de.dashboard.title}</h1>
      <p className="mt-1 text-muted-foreground">
        {firstName ? (dashboard.isNewMember ? de.dashboard.welcome(firstName) : de.dashboard.greeting(firstName)) : null} {isProvider ? de.dashboard.intro : de.dashboard.introNotProviding}
      </p>

      <section aria-label={de.dashboard.title} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat icon={UserRound} label={de.dashboard.stats.profileViews} value={dashboard.profileViews.toLocaleString("de-DE")} />
        <Stat icon={LayoutGrid} label={de.dashboard.stats.services} value={String(dashboard.serviceCount)} hint={de.dashboard.overview(dashboard.serviceCount)} />
        <Stat icon={Eye} label={de.dashboard.stats.totalViews} value={dashboard.totalViews.toLocaleString("de-DE")} />
        <Stat
          icon={Star}
          label={de.dashboard.stats.averageRating}
          value={dashboard.averageRating ? formatRating(dashboard.averageRating) : de.dashboard.stats.noRating}
          hint={dashboard.ratingCount ? de.dashboard.stats.ratingsCount(dashboard.ratingCount) : undefined}
        />
      </section>

      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="text-lg font-semibold">
          {de.dashboard.quickActions}
        </h2>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <Link to="/create-service">
              <Plus aria-hidden="true" />
              {de.dashboard.createService}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/services">
              <BarChart3 aria-hidden="true" />
              {de.dashboard.manageServices}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/chats">
              <MessageCircle aria-hidden="true" />
              {de.dashboard.openChat}
            </Link>
          </Button>
        </div>
      </section>

      {(isProvider || orders.buyer.orderCount > 0) && (
        <section aria-labelledby="order-figures" className="mt-8">
          <h2 id="order-figures" className="text-lg font-semibold">
            {revenueDe.sectionTitle}
          </h2>
          {isProvider && (
            <div className="mt-3 grid gap-4 lg:grid-cols-3">
              {/* min-w-0: a grid item would otherwise grow to the opened table's width on a phone. */}
              <Card className="min-w-0 lg:col-span-2">
                <CardHeader>
                  <CardTitle>{revenueDe.revenue.title}</CardTitle>
                  <CardDescription>{revenueDe.revenue.description}</CardDescription>
                  <p className="text-sm">
                    {revenueDe.revenue.total}: <span className="font-semibold">{formatPrice(orders.seller.total.gross)}</span> {revenueDe.revenue.gross} ·{" "}
                    <span className="font-semibold">{formatPrice(orders.seller.total.net)}</span> {revenueDe.revenue.net}
                  </p>
                </CardHeader>
                <CardContent>
                  {orders.seller.total.orders === 0 ? (
                    <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{revenueDe.revenue.empty}</p>
                  ) : (
                    <RevenueChart months={orders.seller.months} total={orders.seller.total} />
                  )}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>{revenueDe.open.title}</CardTitle>
                  <CardDescription>{revenueDe.open.selling}</CardDescription>
                </CardHeader>
                <CardContent>
                  <OpenOrders role="selling" counts={orders.seller.open} />
                  <Link to={ordersListUrl("selling")} className="mt-3 inline-block text-sm font-medium text-primary hover:underline">
                    {revenueDe.open.all}
                  </Link>
                </CardContent>
              </Card>
              <Card className="lg:col-span-3">
                <CardHeader>
                  <CardTitle>{revenueDe.funnel.title}</CardTitle>
                  <CardDescription>{revenueDe.funnel.description}</CardDescription>
                </CardHeader>
                <CardContent>
                  <Funnel funnel={orders.seller.funnel} />
                  <p className="mt-3 text-xs text-muted-foreground">{revenueDe.funnel.note}</p>
                </CardContent>
              </Card>
            </div>
          )}
          {orders.buyer.orderCount > 0 && (
            <Card className="mt-4">
              <CardHeader>
                <CardTitle>{revenueDe.buyer.title}</CardTitle>
                <CardDescription>{revenueDe.buyer.description}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-6 lg:grid-cols-3">
                <div className="grid content-start gap-4 sm:grid-cols-3 lg:col-span-2">
                  <BuyerFigure icon={Wallet} label={revenueDe.buyer.spentRecent} value={formatPrice(orders.buyer.spentRecent)} />
                  <BuyerFigure icon={Wallet} label={revenueDe.buyer.spentTotal} value={formatPrice(orders.buyer.spentTotal)} />
                  <BuyerFigure icon={ShoppingBag} label={revenueDe.buyer.completed} value={String(orders.buyer.completedCount)} />
                </div>
                <div>
                  <h4 className="mb-2 text-sm font-semibold">{revenueDe.open.title}</h4>
                  <OpenOrders role="buying" counts={orders.buyer.open} />
                  <Link to={ordersListUrl("buying")} className="mt-3 inline-block text-sm font-medium text-primary hover:underline">
                    {revenueDe.open.all}
                  </Link>
                </div>
              </CardContent>
            </Card>
          )}
        </section>
      )}

      <section aria-labelledby="my-services" className="mt-8">
        <Card>
          <CardHeader>
            <CardTitle id="my-services">{de.dashboard.myServices}</CardTitle>
          </CardHeader>
          <CardContent>
            {dashboard.services.length === 0 ? (
              <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
                <p className="font-semibold">{de.dashboard.emptyTitle}</p>
                <p className="mt-1 text-sm text-muted-foreground">{de.dashboard.emptyText}</p>
                <Button asChild className="mt-4">
                  <Link to="/create-service">{de.dashboard.createService}</Link>
                </Button>
              </div>
            ) : (
              <ul className="divide-y">
                {dashboard.services.map((service) => (
                  <li key={service.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link to={`/services/${service.id}`} className="font-semibold hover:underline">
                          {service.title}
                        </Link>
                        {service.isFeatured && <Badge variant="outline">{de.services.featured}</Badge>}
                      </div>
                      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                        <span>{service.category}</span>
                        <span>
                          {formatPrice(service.price)} <PriceUnitText unit={service.priceUnit} />
                        </span>
                        <span>{de.services.views(service.views)}</span>
                        <RatingLine avg={service.ratingAvg} count={service.ratingCount} />
                      </div>
                    </div>
                    <div className="flex gap-1">
                      <Button asChild variant="ghost" size="sm">
                        <Link to={`/services/${service.id}`} aria-label={`${de.dashboard.view}: ${service.title}`}>
                          <Eye aria-hidden="true" />
                          <span className="hidden sm:inline">{de.dashboard.view}</span>
                        </Link>
                      </Button>
                      <Button asChild variant="ghost" size="sm">
                        <Link to={`/services/${service.id}/edit`} aria-label={`${de.dashboard.edit}: ${service.title}`}>
                          <Pencil aria-hidden="true" />
                          <span className="hidden sm:inline">{de.dashboard.edit}</span>
                        </Link>
                      </Button>
                      <DeleteServiceDialog
                        serviceId={service.id}
                        fields={{ serviceId: service.id }}
                        label={`${de.dashboard.delete}: ${service.title}`}
                        triggerProps={{ variant: "ghost", size: "sm", className: "text-destructive hover:text-destructive" }}
                        compactLabel
                      />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
