import { useEffect, useMemo } from "react";
import { data, redirect } from "react-router";
import { toast } from "sonner";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { getSessionUser } from "~/features/auth/session.server";
import { EDIT_CATEGORIES } from "~/features/services/categories";
import { ServiceForm } from "~/features/services/components/service-form";
import { editServiceSchema } from "~/features/services/schema";
import { getServiceForEdit, updateService } from "~/features/services/services.server";
import { de, pageMeta } from "~/i18n/de";
import { getDatabase } from "~/lib/db.server";
import { type AppError, isAppError, unexpectedFailure } from "~/lib/errors";
import { setFlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/service-edit";

/** Refusals leave the page with the spec's toast: 'Access denied' or 'Service not found'. */
async function leave(error: AppError): Promise<never> {
  const flash =
    error.code === "FORBIDDEN"
      ? await setFlashToast({ type: "error", title: de.services.form.accessDenied, description: de.services.form.accessDeniedText })
      : await setFlashToast({ type: "error", title: de.services.form.notFound });
  throw redirect("/services", { headers: { "Set-Cookie": flash } });
}

async function requireUser(request: Request, id: string) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(`/services/${id}/edit`)}`);
  return user;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, params.id);
  const { db } = await getDatabase();
  try {
    const service = await getServiceForEdit(db, user.id, params.id);
    const categories = [...new Set<string>([...EDIT_CATEGORIES, service.category])];
    return { service, categories };
  } catch (error) {
    if (isAppError(error)) return leave(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, params.id);
  const form = await readForm(request);
  const { db } = await getDatabase();
  try {
    await updateService(db, { actorId: user.id, serviceId: params.id, input: form });
  } catch (error) {
    if (!isAppError(error)) {
      // 'Failed to update service' also when the database fails; the form keeps what was typed.
      return data({ error: de.services.unexpected, fieldErrors: {} as Record<string, string>, values: form }, unexpectedFailure(error, "update service"));
    }
    if (error.code !== "INVALID") return leave(error);
    return data({ error: error.message, fieldErrors: error.fieldErrors ?? {}, values: form }, { status: error.status });
  }
  const flash = await setFlashToast({ type: "success", title: de.services.form.updated });
  throw redirect(`/services/${params.id}`, { headers: { "Set-Cookie": flash } });
}

export function meta() {
  return pageMeta(de.pages.serviceEdit, undefined, { robots: "noindex" });
}

export default function ServiceEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { service, categories } = loaderData;
  const schema = useMemo(() => editServiceSchema(service.category), [service.category]);
  useEffect(() => {
    if (actionData) toast.error(de.services.form.updateError, { description: actionData.error });
  }, [actionData]);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{de.services.form.editTitle}</h1>
        </CardHeader>
        <CardContent>
          <ServiceForm
            schema={schema}
            invalidTitle={de.services.form.updateError}
            categories={categories}
            defaults={actionData?.values ?? { title: service.title, description: service.description, price: service.price, category: service.category }}
            errors={actionData?.fieldErrors}
            submitLabel={de.services.form.save}
            cancelTo={`/services/${service.id}`}
          />
        </CardContent>
      </Card>
    </div>
  );
}
