import { useEffect } from "react";
import { redirect } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { CREATE_CATEGORIES } from "~/features/services/categories";
import { ServiceForm, showServiceFormError } from "~/features/services/components/service-form";
import { ServiceImagesField } from "~/features/services/components/service-images-field";
import { readServiceForm, serviceImageAction } from "~/features/services/image-form-actions.server";
import { listDraftImages } from "~/features/services/images.server";
import { createServiceSchema } from "~/features/services/schema";
import { createService } from "~/features/services/editing.server";
import { de, pageMeta } from "~/i18n/de";
import { serviceImageFieldDe } from "~/i18n/service-image-field.de";
import { setFlashToast } from "~/lib/flash.server";
import { outcomeOf } from "~/lib/action-outcome";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/create-service";

export function meta() {
  return pageMeta(de.pages.createService);
}

/** The images uploaded in this form before (a reload, or a form left earlier today) are shown again. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return { drafts: await listDraftImages(await database(context), user.id) };
}

/**
 * Multipart bodies up to the upload ceiling: without JavaScript the image field's buttons post the
 * form with its files (the reader cuts each off at 5 MB).
 */
export const handle = { policy: { body: "upload" } } satisfies PolicyHandle;

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const { fields: form, files, uploading, refusal } = await readServiceForm(await database(context), user.id, request);
  if (uploading || form.imageAction !== undefined) {
    // An image button without JavaScript: the drafts change, no service is created.
    return serviceImageAction(await database(context), { actorId: user.id, action: uploading ? "upload" : form.imageAction!, files, refusal, values: form });
  }
  // 'Error creating service' also when the database fails; the form keeps what was typed.
  return actionResult(
    async () => {
      if (refusal) throw refusal;
      const { id, missingImages } = await createService(await database(context), { actorId: user.id, input: form });
      if (missingImages > 0) {
        // Created, but images were gone: the edit page, where they can be uploaded again.
        const flash = await setFlashToast({ type: "info", title: de.services.form.created, description: serviceImageFieldDe.missingAfterCreate(missingImages) });
        throw redirect(`/services/${id}/edit`, { headers: { "Set-Cookie": flash } });
      }
      const flash = await setFlashToast({ type: "success", title: de.services.form.created });
      throw redirect(`/services/${id}`, { headers: { "Set-Cookie": flash } });
    },
    { values: form, where: "create service" },
  );
}

export default function CreateService({ loaderData, actionData }: Route.ComponentProps) {
  const imageAnswer = outcomeOf(actionData, "image");
  const refused = actionData && !("intent" in actionData) && !actionData.ok ? actionData : undefined;
  useEffect(() => {
    if (refused) showServiceFormError(de.services.form.createError, refused.message);
  }, [refused]);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{de.services.form.createTitle}</h1>
          <CardDescription>{de.services.form.createIntro}</CardDescription>
        </CardHeader>
        <CardContent>
          <ServiceForm
            schema={createServiceSchema}
            invalidTitle={de.services.form.createError}
            categories={CREATE_CATEGORIES}
            defaults={(imageAnswer ?? refused)?.values}
            errors={refused?.fieldErrors}
            submitLabel={de.services.form.create}
            cancelTo="/dashboard"
            images={<ServiceImagesField initial={loaderData.drafts} outcome={imageAnswer?.outcome} />}
          />
        </CardContent>
      </Card>
    </div>
  );
}
