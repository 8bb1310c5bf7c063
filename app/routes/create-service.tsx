import { useEffect } from "react";
import { data, redirect } from "react-router";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { getSessionUser } from "~/features/auth/session.server";
import { CREATE_CATEGORIES } from "~/features/services/categories";
import { ServiceForm } from "~/features/services/components/service-form";
import { createServiceSchema } from "~/features/services/schema";
import { createService } from "~/features/services/services.server";
import { de, pageMeta } from "~/i18n/de";
import { getDatabase } from "~/lib/db.server";
import { isAppError, unexpectedFailure } from "~/lib/errors";
import { setFlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/create-service";

export function meta() {
  return pageMeta(de.pages.createService);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth?redirectTo=%2Fcreate-service");
  const form = await readForm(request);
  const { db } = await getDatabase();
  try {
    const { id } = await createService(db, { actorId: user.id, input: form });
    const flash = await setFlashToast({ type: "success", title: de.services.form.created });
    throw redirect(`/services/${id}`, { headers: { "Set-Cookie": flash } });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message, fieldErrors: error.fieldErrors ?? {}, values: form }, { status: error.status });
    // 'Error creating service' also when the database fails; the form keeps what was typed.
    return data({ error: de.services.unexpected, fieldErrors: {} as Record<string, string>, values: form }, unexpectedFailure(error, "create service"));
  }
}

export default function CreateService({ actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData) toast.error(de.services.form.createError, { description: actionData.error });
  }, [actionData]);
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
            defaults={actionData?.values}
            errors={actionData?.fieldErrors}
            submitLabel={de.services.form.create}
            cancelTo="/dashboard"
          />
        </CardContent>
      </Card>
    </div>
  );
}
