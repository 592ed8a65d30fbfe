/*
 * Below the `sm` width (a phone) a table's rows are drawn as cards: each row a block, its cells one after
 * another and wrapping, each headed by its column's name (the cell's `data-label`, drawn before it, so the
 * cell's own text stays its value), so every column is on screen without scrolling sideways. From `sm` up
 * the table is drawn as before. It stays one table in the page (caption, headers, row headers), so a
 * screen reader reads it as a table at any width.
 */

/** A cell's `data-label` (its column's name) above its value, on a phone only. */
const label =
  "max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]";

export const phoneCards = {
  /** The box around the table: it no longer scrolls sideways on a phone. */
  frame: "max-sm:overflow-x-visible",
  /** `min-w-0!` beats the table's least width (a `min-w-[…]` class) on a phone only. */
  table: "max-sm:block max-sm:min-w-0!",
  /** The column headers: read by screen readers, shown on each card instead. */
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:flex max-sm:flex-wrap max-sm:items-start max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-3 max-sm:py-3",
  /** The cell that names the row: the card's title, the whole width but for a row's checkbox before it. */
  title: `max-sm:-order-1 max-sm:block max-sm:grow max-sm:basis-[calc(100%-2rem)] max-sm:p-0! max-sm:text-base max-sm:font-semibold ${label}`,
  cell: `max-sm:block max-sm:min-w-0 max-sm:max-w-full max-sm:p-0! max-sm:whitespace-normal! max-sm:break-words max-sm:text-left! ${label}`,
  /** A checkbox cell: beside the title. */
  check: "max-sm:order-first max-sm:block max-sm:p-0! max-sm:pt-1!",
} as const;
