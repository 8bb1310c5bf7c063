import { Search, SlidersHorizontal, X } from "~/components/ui/icons";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { publicDe as de } from "~/i18n/public.de";
import { cn } from "~/lib/class-names";
import { formatPrice, formatRating } from "~/lib/format";
import { CREATE_CATEGORIES, EDIT_CATEGORIES } from "../categories";
import { listingFactsDe } from "~/i18n/listing-facts.de";
import { DELIVERY_FILTER_DAYS } from "../listing-facts";
import { filtersToSearch, hasActiveFilters, parseServiceFilters, PRICE_SLIDER, RATING_SLIDER, SORT_OPTIONS, type ServiceFilters } from "../filters";
import { SearchSuggest } from "./search-suggest";

const ALL_CATEGORIES = [...new Set<string>([...CREATE_CATEGORIES, ...EDIT_CATEGORIES])];
const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

/** One filter form per page: fixed ids, which the no-JavaScript style below can name. */
const PANEL_ID = "service-filters-panel";
const TOGGLE_ID = "service-filters-toggle";

/** Keys that move a slider; others (Tab arriving on it, say) change nothing to apply. */
const SLIDER_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);
/** A burst of key presses on a slider becomes one request. */
const KEY_APPLY_DELAY_MS = 400;

/**
 * The form is rendered anew for every filter state (the route keys it), so the control that
 * applied a change would lose the keyboard focus: its id is kept here and focused again.
 */
let refocusId: string | null = null;
/** Whether that control is in the advanced panel (which then stays open). */
let refocusInPanel = false;

/** Remembers the form's focused control before the form is submitted (and rendered anew). */
function keepFocus(form: HTMLFormElement | null) {
  const active = document.activeElement;
  const inForm = active instanceof HTMLElement && form?.contains(active);
  refocusId = inForm ? active.id || null : null;
  refocusInPanel = inForm ? active.closest(`#${PANEL_ID}`) !== null : false;
}

/**
 * The search box and the advanced filters: a GET form, so the state lives in
 * the URL (shareable, reloadable) and works without JavaScript — then the
 * filter panel is always open (its toggle needs JavaScript). With JavaScript,
 * changing a filter applies it at once.
 */
export function ServiceFiltersForm({ filters }: { filters: ServiceFilters }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const advancedActive = Boolean(filters.category || filters.minPrice > 0 || filters.maxPrice < PRICE_SLIDER.max || filters.minRating > 0 || filters.maxDays > 0 || filters.remote || filters.sort !== "newest");
  // Open when a filter is set, or when the change came from inside the panel (even back to defaults).
  const [open, setOpen] = useState(advancedActive || (refocusId !== null && refocusInPanel));
  const [minPrice, setMinPrice] = useState(filters.minPrice);
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice);
  const [minRating, setMinRating] = useState(filters.minRating);
  const keyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Each change is a step in the history (Back returns to the list as it was) and the URL says only
  // what differs from the defaults, as the list's own links do. Without JavaScript the form's GET
  // sends every field, which the loader reads the same.
  const apply = () => {
    clearTimeout(keyTimer.current);
    const form = formRef.current;
    if (!form) return;
    keepFocus(form);
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.append(name, value);
    const target = `/services${filtersToSearch(parseServiceFilters(fields))}`;
    // The same list again (a slider let go where it was, "Suchen" with the same words) is no new step.
    void navigate(target, { preventScrollReset: true, replace: target === window.location.pathname + window.location.search });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };
  const applyAfterKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!SLIDER_KEYS.has(event.key)) return;
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(apply, KEY_APPLY_DELAY_MS);
  };
  useEffect(() => {
    if (refocusId) document.getElementById(refocusId)?.focus();
    refocusId = null;
    refocusInPanel = false;
    return () => clearTimeout(keyTimer.current);
  }, []);
  const priceMaxLabel = maxPrice >= PRICE_SLIDER.max ? de.services.priceOpenEnd(formatPrice(PRICE_SLIDER.max)) : formatPrice(maxPrice);

  return (
    <Form ref={formRef} method="get" role="search" className="grid gap-4" onSubmit={onSubmit}>
      <noscript>
        {/* Unlayered rules beat Tailwind's utility layer: the panel shows, the toggle goes. */}
        <style>{`#${PANEL_ID}{display:grid}#${TOGGLE_ID}{display:none}`}</style>
      </noscript>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Label htmlFor="services-q" className="sr-only">
            {de.services.searchLabel}
          </Label>
          <Search className="pointer-events-none absolute left-3 top-1/2 z-10 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <SearchSuggest id="services-q" name="q" defaultValue={filters.q} placeholder={de.services.searchPlaceholder} className="pl-9" maxLength={100} />
        </div>
        <Button type="submit">{de.services.searchSubmit}</Button>
        <Button
          id={TOGGLE_ID}
          type="button"
          variant="outline"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={() => setOpen((v) => !v)}
          aria-label={open ? de.services.filtersHide : de.services.filtersShow}
        >
          <SlidersHorizontal aria-hidden="true" />
          <span className="hidden sm:inline">{de.services.filtersToggle}</span>
        </Button>
      </div>

      <div id={PANEL_ID} className={cn("gap-5 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5", open ? "grid" : "hidden")}>
        <div className="grid content-start gap-2">
          <Label htmlFor="services-category">{de.services.category}</Label>
          <select id="services-category" name="category" defaultValue={filters.category} className={selectClass} onChange={apply}>
            <option value="">{de.services.allCategories}</option>
            {ALL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="grid content-start gap-2">
          <legend className="mb-2 text-sm font-medium">
            {de.services.priceRange}: <span className="font-normal text-muted-foreground">{de.services.priceRangeValue(formatPrice(minPrice), priceMaxLabel)}</span>
          </legend>
          <Label htmlFor="services-min-price" className="sr-only">
            {de.services.priceFrom}
          </Label>
          <input
            id="services-min-price"
            name="minPrice"
            type="range"
            min={PRICE_SLIDER.min}
            max={PRICE_SLIDER.max}
            step={PRICE_SLIDER.step}
            value={minPrice}
            aria-valuetext={formatPrice(minPrice)}
            onChange={(e) => setMinPrice(Math.min(Number(e.target.value), maxPrice))}
            onPointerUp={apply}
            onKeyUp={applyAfterKeys}
            className="w-full accent-primary"
          />
          <Label htmlFor="services-max-price" className="sr-only">
            {de.services.priceTo}
          </Label>
          <input
            id="services-max-price"
            name="maxPrice"
            type="range"
            min={PRICE_SLIDER.min}
            max={PRICE_SLIDER.max}
            step={PRICE_SLIDER.step}
            value={maxPrice}
            aria-valuetext={priceMaxLabel}
            onChange={(e) => setMaxPrice(Math.max(Number(e.target.value), minPrice))}
            onPointerUp={apply}
            onKeyUp={applyAfterKeys}
            className="w-full accent-primary"
          />
        </fieldset>

        <div className="grid content-start gap-2">
          <Label htmlFor="services-min-rating">
            {de.services.minRating}: <span className="font-normal text-muted-foreground">{de.services.minRatingValue(minRating === 0 ? "0" : formatRating(minRating))}</span>
          </Label>
          <input
            id="services-min-rating"
            name="minRating"
            type="range"
            min={RATING_SLIDER.min}
            max={RATING_SLIDER.max}
            step={RATING_SLIDER.step}
            value={minRating}
            aria-valuetext={de.services.minRatingValue(minRating === 0 ? "0" : formatRating(minRating))}
            onChange={(e) => setMinRating(Number(e.target.value))}
            onPointerUp={apply}
            onKeyUp={applyAfterKeys}
            className="mt-2 w-full accent-primary"
          />
        </div>

        <div className="grid content-start gap-2">
          <Label htmlFor="services-max-days">{listingFactsDe.filters.delivery}</Label>
          <select id="services-max-days" name="maxDays" defaultValue={filters.maxDays || ""} className={selectClass} onChange={apply}>
            <option value="">{listingFactsDe.filters.deliveryAny}</option>
            {DELIVERY_FILTER_DAYS.map((days) => (
              <option key={days} value={days}>
                {listingFactsDe.filters.deliveryUpTo(days)}
              </option>
            ))}
          </select>
          <label htmlFor="services-remote" className="mt-1 inline-flex items-center gap-2 text-sm font-medium">
            <input id="services-remote" name="remote" type="checkbox" value="1" defaultChecked={filters.remote} onChange={apply} className="size-4 accent-primary" />
            {listingFactsDe.filters.remoteOnly}
          </label>
        </div>

        <div className="grid content-start gap-2">
          <Label htmlFor="services-sort">{de.services.sort}</Label>
          <select id="services-sort" name="sort" defaultValue={filters.sort} className={selectClass} onChange={apply}>
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {de.services.sortLabels[option]}
              </option>
            ))}
          </select>
        </div>

        <noscript>
          <Button type="submit">{de.services.apply}</Button>
        </noscript>
      </div>

      {hasActiveFilters(filters) && (
        <div>
          <Button asChild variant="ghost" size="sm">
            <Link to="/services" preventScrollReset>
              <X aria-hidden="true" />
              {de.services.clearFilters}
            </Link>
          </Button>
        </div>
      )}
    </Form>
  );
}
