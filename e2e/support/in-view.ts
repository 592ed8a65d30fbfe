import { expect, type Locator } from "@playwright/test";

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };

/**
 * Each named column's cells, in the first `rows` rows of a table, are drawn (not hidden) and lie within
 * the window's width, and nothing around the table scrolls sideways: on a phone every column is read
 * without scrolling sideways. Columns are found by their header's text, as a screen reader names them.
 */
export async function expectColumnsInView(table: Locator, columns: string[], rows = 3) {
  await expect(table).toBeVisible();
  const measured = await table.evaluate(
    (el, { columns, rows }) => {
      const heads = [...el.querySelectorAll("thead th")].map((th) => (th.textContent ?? "").trim());
      const bodyRows = [...el.querySelectorAll("tbody tr")].filter((tr) => tr.children.length > 1).slice(0, rows);
      const box = (node: Element) => {
        const r = node.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
      };
      const cells = columns.map((name) => {
        const at = heads.findIndex((h) => h === name || h.startsWith(name));
        return { name, at, boxes: at < 0 ? [] : bodyRows.map((tr) => (tr.children[at] ? box(tr.children[at]) : null)) };
      });
      // Any box between the table and the page that could scroll sideways: how far it could.
      const sideways: number[] = [];
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) sideways.push(a.scrollWidth - a.clientWidth);
      return { viewport: window.innerWidth, rowCount: bodyRows.length, cells, sideways, page: document.documentElement.scrollWidth };
    },
    { columns, rows },
  );
  expect(measured.rowCount, "rows measured").toBeGreaterThan(0);
  expect(measured.page, "the page scrolls sideways").toBeLessThanOrEqual(measured.viewport);
  expect(Math.max(...measured.sideways), "a box around the table scrolls sideways").toBeLessThanOrEqual(1);
  for (const { name, at, boxes } of measured.cells) {
    expect(at, `column ${name} in the table's headers`).toBeGreaterThanOrEqual(0);
    for (const b of boxes as (Box | null)[]) {
      expect(b, `a cell of ${name}`).not.toBeNull();
      if (!b) continue;
      expect(b.width > 1 && b.height > 1, `${name} is drawn (${b.width}×${b.height})`).toBe(true);
      expect(b.left, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(b.right, `${name} ends on screen`).toBeLessThanOrEqual(measured.viewport);
    }
  }
}

/** The element is wholly within the window, across and up and down, where it is now (no scrolling first). */
export async function expectWithinWindow(target: Locator, what: string) {
  const box = await target.boundingBox();
  const size = target.page().viewportSize();
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(size).not.toBeNull();
  if (!box || !size) return;
  expect(box.x, `${what}: left edge at ${box.x}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge at ${box.x + box.width}`).toBeLessThanOrEqual(size.width);
  expect(box.y, `${what}: top at ${box.y}`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom at ${box.y + box.height}`).toBeLessThanOrEqual(size.height);
}
