import { data } from "react-router";

/**
 * The submitted form fields as strings. A body that is not a form (wrong
 * content type, broken encoding) is the client's mistake: 400, not 500.
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ error: "Das Formular konnte nicht gelesen werden." }, { status: 400 });
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}
