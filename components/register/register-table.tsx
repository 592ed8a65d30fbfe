"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { ColumnHeads } from "@/components/ui/column-heads";
import { phoneCards } from "@/components/ui/phone-cards";

/** A row's height in pixels as drawn; the virtualiser measures real rows, this is its first guess. */
const ROW_HEIGHT = 52;
/**
 * The window's height the server draws the first rows for (it knows no window): without one the server
 * drew no row and hydration drew them, moving everything under the table after the first paint (the
 * footer, the pages; a layout shift of 0.06 on a phone). As tall as a desktop window, so the rows drawn
 * cover the first screen of any common window; the rows the real window does not need are dropped after
 * hydration, below the fold, where nothing is seen to move (the columns are sized from their heads, see
 * the table's comment, so dropping rows moves no column either).
 */
const FIRST_WINDOW_HEIGHT = 1080;
/**
 * Rows drawn beyond the window's ends once the page is hydrated, so scrolling shows rows already drawn.
 * The server and hydration draw none: they would be rows no one sees, and hydrating them cost the most of
 * the admission register's blocking time on a phone (its rows are cards there, two on the first screen).
 */
const OVERSCAN = 12;

/** One column of a register: its header, what a row shows in it, and whether that cell names the row. */
export type RegisterColumn<Row> = {
  label: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The row's header cell (`<th scope="row">`): the name a screen reader announces for the row. One per table. */
  rowHeader?: boolean;
  /** Classes added to the cell's padding, fixed or by row (a status's colour). */
  className?: string | ((row: Row) => string);
  /**
   * The column's width from `sm` up, a Tailwind class on its header ("sm:w-[14%]", of the table's width). One
   * column of a table goes without: it takes what the others leave.
   */
  width?: string;
};

/** Checkboxes for a kept selection: the first column, with a box in the header for every row listed. */
export type RegisterSelection<Row> = {
  isSelected: (id: string) => boolean;
  onSelect: (ids: string[], selected: boolean) => void;
  /** The header box's accessible name ("Select every staff member listed"). */
  allLabel: string;
  /** A row box's accessible name ("Select Mrs Chiamaka Nwosu"). */
  rowLabel: (row: Row) => string;
};

type Props<Row extends { id: string }> = {
  rows: Row[];
  columns: RegisterColumn<Row>[];
  caption: string;
  /** null: no selection column. */
  selection: RegisterSelection<Row> | null;
  /** The table's smallest width (a Tailwind class such as "min-w-[960px]"); narrower screens scroll the table sideways. Its columns share the rest by their `width`. */
  minWidth: string;
};

const box = "h-4 w-4 accent-[rgb(var(--primary))]";

/**
 * A register's table (the staff register, the admission register): a real table (headers, caption,
 * keyboard order), of which only the rows on screen are drawn (TanStack Virtual, scrolling with the page),
 * so a thousand rows scroll as smoothly as ten. On a phone each row is a card with every column in it
 * (`phoneCards`): nothing to scroll sideways for.
 */
export function RegisterTable<Row extends { id: string }>({ rows, columns, caption, selection, minWidth }: Props<Row>) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // null until mounted: the server's render and hydration, which draw the first window's rows only.
  const [offset, setOffset] = useState<number | null>(null);
  useLayoutEffect(() => {
    setOffset(bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: offset === null ? 0 : OVERSCAN,
    scrollMargin: offset ?? 0,
    initialRect: { width: 0, height: FIRST_WINDOW_HEIGHT },
    // The server's offset, so hydration draws the rows the server drew; the window's own is read once mounted.
    initialOffset: 0,
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? (items[0]?.start ?? 0) - virtualizer.options.scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? 0) - virtualizer.options.scrollMargin) : 0;
  const allSelected = selection !== null && rows.length > 0 && rows.every((r) => selection.isSelected(r.id));
  const someSelected = selection !== null && !allSelected && rows.some((r) => selection.isSelected(r.id));
  const span = columns.length + (selection ? 1 : 0);
  // One function for every row's box, whatever the caller passes each render, so a row drawn before is not drawn again.
  const onSelect = useRef(selection?.onSelect);
  useLayoutEffect(() => {
    onSelect.current = selection?.onSelect;
  });
  const selectRow = useCallback((id: string, checked: boolean) => onSelect.current?.([id], checked), []);

  return (
    // A region of its own that takes focus, so a keyboard can scroll it sideways on a narrow screen even when no cell holds a control
    // (axe: scrollable-region-focusable); the lint rule does not know scrollable regions.
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={`relative overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-primary ${phoneCards.frame}`}
    >
      {/* Fixed layout from `sm` up: the columns are sized once, from their heads, not from the rows that have come, so a row
          arriving later (the HTML comes in pieces on a slow line, and the table is painted before its last rows) moves no column
          and no row (it did: a school's name wrapped onto a second line as its column narrowed). */}
      <table className={`w-full ${minWidth} border-collapse text-sm sm:table-fixed ${phoneCards.table}`} aria-rowcount={rows.length + 1}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          // On a phone only the box that selects every row listed stays in sight, named; the other headers are read, not shown.
          className={`bg-muted text-left text-xs uppercase tracking-wide text-muted-foreground ${selection ? "max-sm:block" : phoneCards.head}`}
          rowClassName="max-sm:flex"
          cellClassName="px-3 py-2"
          cellClassNames={[...(selection ? ["sm:w-10"] : []), ...columns.map((column) => `max-sm:sr-only ${column.width ?? ""}`)]}
          rowIndex={1}
          labels={[
            ...(selection
              ? [
                  <span key="all" className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      aria-label={selection.allLabel}
                      className={box}
                      checked={allSelected}
                      ref={(el) => {
                        if (el) el.indeterminate = someSelected;
                      }}
                      onChange={(event) =>
                        selection.onSelect(
                          rows.map((r) => r.id),
                          event.target.checked,
                        )
                      }
                    />
                    <span aria-hidden className="normal-case sm:hidden">
                      All listed
                    </span>
                  </span>,
                ]
              : []),
            ...columns.map((column) => column.label),
          ]}
        />
        <tbody ref={bodyRef} className={phoneCards.body}>
          {before > 0 ? (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: before, padding: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <RegisterRow
                key={row.id}
                row={row}
                index={item.index}
                columns={columns}
                measure={virtualizer.measureElement}
                select={selection ? { checked: selection.isSelected(row.id), label: selection.rowLabel(row), onChange: selectRow } : null}
              />
            );
          })}
          {after > 0 ? (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: after, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

type RowProps<Row extends { id: string }> = {
  row: Row;
  index: number;
  columns: RegisterColumn<Row>[];
  measure: (element: HTMLTableRowElement | null) => void;
  /** The row's box in the selection column: null without one. */
  select: { checked: boolean; label: string; onChange: (id: string, checked: boolean) => void } | null;
};

/**
 * One row, drawn again only when what it shows changes. The table is drawn again whenever the rows in the
 * window change (scrolling, and right after hydration, when the real window and the overscan are known,
 * which React does at once, inside the task that hydrates the page): without this every row on screen was
 * drawn again each time, its links and dates with it, not only the rows coming into view.
 */
const RegisterRow = memo(function RegisterRow<Row extends { id: string }>({ row, index, columns, measure, select }: RowProps<Row>) {
  return (
    <tr data-index={index} ref={measure} aria-rowindex={index + 2} className={`border-t border-border ${phoneCards.row}`}>
      {select ? (
        <td className={`px-3 py-2 ${phoneCards.check}`}>
          <input
            type="checkbox"
            aria-label={select.label}
            className={box}
            checked={select.checked}
            onChange={(event) => select.onChange(row.id, event.target.checked)}
          />
        </td>
      ) : null}
      {columns.map((column, i) => {
        const extra = typeof column.className === "function" ? column.className(row) : (column.className ?? "");
        return column.rowHeader ? (
          <th key={i} scope="row" className={`px-3 py-2 text-left font-medium break-words ${extra} ${phoneCards.title}`}>
            {column.cell(row)}
          </th>
        ) : (
          <td key={i} className={`px-3 py-2 break-words ${extra} ${phoneCards.cell}`} data-label={typeof column.label === "string" ? column.label : undefined}>
            {column.cell(row)}
          </td>
        );
      })}
    </tr>
  );
}, sameRow) as <Row extends { id: string }>(props: RowProps<Row>) => ReactNode;

/** Props alike, the box's by what it shows (the caller makes a new object for it each render). */
function sameRow<Row extends { id: string }>(a: RowProps<Row>, b: RowProps<Row>) {
  return (
    a.row === b.row &&
    a.index === b.index &&
    a.columns === b.columns &&
    a.measure === b.measure &&
    a.select?.checked === b.select?.checked &&
    a.select?.label === b.select?.label &&
    a.select?.onChange === b.select?.onChange
  );
}
