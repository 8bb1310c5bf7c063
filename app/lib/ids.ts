const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID (row ids in URLs and forms; anything else is "not found", never a 500). */
export function isUuid(id: string | null | undefined): id is string {
  return typeof id === "string" && UUID.test(id);
}
