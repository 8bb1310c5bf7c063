import { clsx, type ClassValue } from "clsx";

/**
 * Checks a joined class list (set by the test setup, tests/support/class-conflicts.ts): throws
 * when two utilities set the same property, whose winner would be the stylesheet's order rather
 * than the order written.
 */
type ConflictCheck = (classes: string) => void;
const globalForCheck = globalThis as { __classConflictCheck?: ConflictCheck };

/**
 * Joins class names (conditions, arrays, objects: clsx). It does not resolve conflicts: the UI
 * primitives' own styles are component classes that a caller's utilities override by cascade
 * layer (components/ui/ui.css, ADR 030), and elsewhere one element must not get two utilities
 * for the same property; choose one (`open ? "grid" : "hidden"`). Tests check that.
 */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  // Development and tests only: production builds drop the branch.
  if (import.meta.env.DEV) globalForCheck.__classConflictCheck?.(classes);
  return classes;
}
