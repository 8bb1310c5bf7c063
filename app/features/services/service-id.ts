import { isUuid } from "~/lib/ids";

/** Whether a string can be a service's id (a UUID); anything else names no service. */
export const isServiceId = (id: string | undefined): id is string => isUuid(id);
