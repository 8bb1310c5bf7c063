// Shared by the database schema, the forms and the pages; no dependencies so
// that client code can import it without pulling in the database layer.

/** Categories offered when creating a service (spec section 5). */
export const CREATE_CATEGORIES = [
  "Web Development",
  "Design",
  "Writing",
  "Marketing",
  "Consulting",
  "Education",
  "Other",
] as const;

/** Categories offered when editing a service (spec section 5). */
export const EDIT_CATEGORIES = [
  "Web Development",
  "Mobile Development",
  "Design",
  "Marketing",
  "Writing",
  "Business",
  "Other",
] as const;

/** Every category a stored service may have: the union of both lists. */
export const SERVICE_CATEGORIES: readonly string[] = [...new Set<string>([...CREATE_CATEGORIES, ...EDIT_CATEGORIES])];
