import type { Page } from 'playwright-core';

/**
 * Which header cells of `columns` are not seen whole: a cell is when it and its title lie inside the table,
 * left of the pinned 操作 column (its title not cut short by an ellipsis); and whether the table scrolled.
 */
export function headerPlaces(page: Page, columns: readonly string[]) {
  return page.evaluate((names) => {
    const table = document.querySelector('.ant-table-container') as HTMLElement;
    const box = table.getBoundingClientRect();
    const actions = document.querySelector('th[data-column="actions"]')?.getBoundingClientRect();
    const scrolled = Array.from(document.querySelectorAll('.ant-table-body, .ant-table-content')).some(
      (element) => element.scrollLeft > 0,
    );
    const hidden = names.filter((name) => {
      const cell = document.querySelector(`th[data-column="${name}"]`) as HTMLElement | null;
      if (!cell) return true;
      const rect = cell.getBoundingClientRect();
      // The title's own box runs past the cell when an ellipsis cuts it short.
      const range = document.createRange();
      range.selectNodeContents(cell.querySelector('.ant-table-column-title') ?? cell);
      const title = range.getBoundingClientRect();
      const right = Math.min(box.right, rect.right, actions?.left ?? box.right, window.innerWidth);
      return rect.left < box.left - 1 || title.left < rect.left - 1 || title.right > right + 1;
    });
    return { scrolled, hidden };
  }, columns);
}
