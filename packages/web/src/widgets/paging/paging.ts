/** Page sizes of the shared pager under list pages (SPEC.md §9). */
export const sharedPageSizes = [10, 20, 30, 50, 200, 500];
export const sharedDefaultPageSize = 20;

/** Page sizes of the table widget's own pager, and its body height limit. */
export const tablePageSizes = [10, 20, 30, 50, 100];
export const tableDefaultPageSize = 10;
export const tableMaxHeight = 500;

/** Numbered buttons in the pager: fewer on a narrow screen. */
export const pagerCountWide = 7;
export const pagerCountNarrow = 5;

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** A page number within 1…count; anything not a number stays on `fallback`. */
export function clampPage(value: number, count: number, fallback = 1): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, count));
}

/** `共 120 条`, or `共 10000+ 条` when the server stopped counting at its cap. */
export function totalText(total: number, totalExact = true): string {
  return `共 ${total}${totalExact ? '' : '+'} 条`;
}
