import { useEffect, useMemo } from "react";
import { redirect } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { EDIT_CATEGORIES } from "~/features/services/categories";
import { ServiceForm, showServiceFormError } from "~/features/services/components/service-form";
import { ServiceImagesField } from "~/features/services/components/service-images-field";
import { readServiceForm, serviceImageAction } from "~/features/services/image-form-actions.server";
import { listServiceImages } from "~/features/services/images.server";
import { formatPriceInput } from "~/features/services/price-input";
import { editServiceSchema } from "~/features/services/schema";
import { getServiceForEdit, updateService } from "~/features/services/editing.server";
import { de, pageMeta } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import { isAppError } from "~/lib/errors";
import { setFlashToast } from "~/lib/flash.server";
import { database, requireUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/service-edit";

/**
 * Someone else's or an unknown service: leave the page with the spec's toast ('Access denied' or
 * 'Service not found'). Anything else is not a refusal to leave over: it goes on (to the form).
 */
async function leaveIfRefused(error: unknown): Promise<void> {
  if (!isAppError(error) || (error.code !== "FORBIDDEN" && error.code !== "NOT_FOUND")) return;
  const flash =
    error.code === "FORBIDDEN"
      ? await setFlashToast({ type: "error", title: de.services.form.accessDenied, description: de.services.form.accessDeniedText })
      : await setFlashToast({ type: "error", title: de.services.form.notFound });
  throw redirect("/services", { headers: { "Set-Cookie": flash } });
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  try {
    const service = await getServiceForEdit(await database(args.context), user.id, args.params.id);
    const categories = [...new Set<string>([...EDIT_CATEGORIES, service.category])];
    return { service, categories, images: await listServiceImages(await database(args.context), service.id) };
  } catch (error) {
    await leaveIfRefused(error);
    throw error;
  }
}

/**
 * Multipart bodies up to the upload ceiling: without JavaScript the image field's buttons post the
 * form with its files (the reader cuts each off at 5 MB).
 */
export const handle = { policy: { body: "upload" } } satisfies PolicyHandle;

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const { fields: form, files, uploading, refusal } = await readServiceForm(await database(args.context), user.id, args.request);
  if (uploading || form.imageAction !== undefined) {
    // An image button without JavaScript: the images change, the service is not saved.
    const db = await database(args.context);
    await getServiceForEdit(db, user.id, args.params.id).catch(async (error: unknown) => {
      await leaveIfRefused(error);
      throw error;
    });
    return serviceImageAction(db, { actorId: user.id, serviceId: args.params.id, action: uploading ? "upload" : form.imageAction!, files, refusal, values: form });
  }
  // 'Failed to update service' also when the database fails; the form keeps what was typed.
  return actionResult(
    async () => {
      if (refusal) throw refusal;
      await updateService(await database(args.context), { actorId: user.id, serviceId: args.params.id, input: form }).catch(async (error: unknown) => {
        await leaveIfRefused(error);
        throw error;
      });
      const flash = await setFlashToast({ type: "success", title: de.services.form.updated });
      throw redirect(`/services/${args.params.id}`, { headers: { "Set-Cookie": flash } });
    },
    { values: form, where: "update service" },
  );
}

export function meta() {
  return pageMeta(de.pages.serviceEdit, undefined, { robots: "noindex" });
}

export default function ServiceEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { service, categories, images } = loaderData;
  const schema = useMemo(() => editServiceSchema(service.category), [service.category]);
  const imageAnswer = outcomeOf(actionData, "image");
  const refused = actionData && !("intent" in actionData) && !actionData.ok ? actionData : undefined;
  useEffect(() => {
    if (refused) showServiceFormError(de.services.form.updateError, refused.message);
  }, [refused]);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{de.services.form.editTitle}</h1>
        </CardHeader>
        <CardContent>
          <ServiceForm
            key={service.id}
            schema={schema}
            invalidTitle={de.services.form.updateError}
            categories={categories}
            defaults={(imageAnswer ?? refused)?.values ?? { title: service.title, description: service.description, price: formatPriceInput(service.price), priceUnit: service.priceUnit, deliveryDays: service.deliveryDays === null ? "" : String(service.deliveryDays), workPlace: service.workPlace, workCity: service.workCity ?? "", category: service.category }}
            errors={refused?.fieldErrors}
            submitLabel={de.services.form.save}
            cancelTo={`/services/${service.id}`}
            images={<ServiceImagesField serviceId={service.id} initial={images} outcome={imageAnswer?.outcome} />}
          />
        </CardContent>
      </Card>
    </div>
  );
}
