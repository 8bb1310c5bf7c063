/** The look of the moderation forms' text areas and selects (the project's Input, for elements it has no component for). */
export const textAreaClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";
export const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";
