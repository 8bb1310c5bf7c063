import { twMerge } from "tailwind-merge";

/**
 * Makes `cn` (~/lib/class-names) throw when it joins two Tailwind utilities for the same property
 * (`grid` and `hidden`, `text-sm` and `text-xs`): which one wins would depend on the order of the
 * generated stylesheet, not on the order written. tailwind-merge knows Tailwind's groups; it is
 * used here only to find such pairs, never in the app (ADR 030). Component classes (`ui-*`) are
 * not utilities and are not checked: a caller's utilities win over them by cascade layer.
 */
const check = (classes: string) => {
  const written = new Set(classes.split(/\s+/).filter(Boolean));
  const kept = new Set(twMerge(classes).split(/\s+/).filter(Boolean));
  if (kept.size === written.size) return;
  const dropped = [...written].filter((c) => !kept.has(c));
  throw new Error(`Conflicting utilities in one class list (${dropped.join(", ")} overridden by a later class): "${classes}"`);
};

(globalThis as { __classConflictCheck?: (classes: string) => void }).__classConflictCheck = check;
