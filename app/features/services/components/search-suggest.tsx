import { useEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { Input } from "~/components/ui/input";
import { publicDe as de } from "~/i18n/public.de";
import { cn } from "~/lib/class-names";

/** Typing waits this long before asking for suggestions: no request per keystroke. */
export const SUGGEST_DEBOUNCE_MS = 200;

interface SearchSuggestProps extends Omit<ComponentProps<"input">, "id" | "name" | "type" | "role" | "onKeyDown"> {
  /** The input's id (its label points to it); the list's ids are derived from it. */
  id: string;
  /** The form field's name (the search text, e.g. "q"). */
  name: string;
  /** Where suggestions come from (GET, `?q=`, answers `{ suggestions: string[] }`). */
  endpoint?: string;
}

/**
 * A search box with suggestions while typing: the WAI-ARIA combobox pattern (list autocomplete).
 * Arrow keys move through the suggestions, Enter takes one and submits the surrounding form (a
 * GET form: /services and the landing page), Escape closes the list, a click takes one too.
 * Without JavaScript it is the plain search field of its form. Requests wait for a pause in
 * typing (SUGGEST_DEBOUNCE_MS); an answer to an older text is dropped (AbortController).
 */
export function SearchSuggest({ id, name, endpoint = "/api/suggestions", className, defaultValue, ...inputProps }: SearchSuggestProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController | null>(null);
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${id}-suggestion-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const cancel = () => {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
  };
  useEffect(() => cancel, []);

  const ask = (text: string) => {
    cancel();
    if (text.trim().length < 2) {
      setItems([]);
      close();
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      fetch(`${endpoint}?q=${encodeURIComponent(text)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ suggestions?: unknown }>) : { suggestions: [] }))
        .then((body) => {
          if (controller.signal.aborted) return;
          const found = Array.isArray(body.suggestions) ? body.suggestions.filter((s): s is string => typeof s === "string") : [];
          setItems(found);
          setActive(-1);
          setOpen(found.length > 0);
        })
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
  };

  const pick = (value: string) => {
    const input = inputRef.current;
    cancel();
    close();
    if (!input) return;
    input.value = value;
    input.form?.requestSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(step === 1 ? 0 : items.length - 1);
        return;
      }
      // Round the list: past the last comes the first, above the first the last.
      setActive((i) => (step === 1 ? (i >= items.length - 1 ? 0 : i + 1) : i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === "Enter" && open && active >= 0 && items[active] !== undefined) {
      event.preventDefault();
      pick(items[active]!);
    } else if (event.key === "Escape" && open) {
      // Closes the list only; the text stays (a second Escape clears it as in any search field).
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      close();
    }
  };

  const expanded = open && items.length > 0;
  return (
    <div className="relative">
      <Input
        {...inputProps}
        ref={inputRef}
        id={id}
        name={name}
        type="search"
        defaultValue={defaultValue}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className={className}
        onChange={(event) => ask(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => items.length > 0 && inputRef.current?.value.trim() && setOpen(true)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={de.services.suggestionsLabel}
        className={cn("absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border bg-popover py-1 text-popover-foreground shadow-md", !expanded && "hidden")}
      >
        {items.map((item, i) => (
          <li
            key={item}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={cn("cursor-pointer px-3 py-2 text-sm", i === active && "bg-accent text-accent-foreground")}
            // Keeps the focus in the field (no blur that would close the list before the click).
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(item)}
          >
            {item}
          </li>
        ))}
      </ul>
      <span className="sr-only" role="status" aria-live="polite">
        {expanded ? de.services.suggestionsCount(items.length) : ""}
      </span>
    </div>
  );
}
