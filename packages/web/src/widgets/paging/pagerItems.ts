export type PagerItem =
  | { kind: 'page'; page: number }
  | { kind: 'jumpPrev'; page: number }
  | { kind: 'jumpNext'; page: number };

/**
 * The buttons between "previous" and "next", with `pagerCount` numbered pages at most — the first and
 * the last always, the rest a window around the current page — and an ellipsis that jumps
 * `pagerCount - 2` pages wherever pages are left out. antd's Pagination only knows a fixed window
 * (±2, or ±1 with `showLessItems`), so the console draws its own to keep 7 (5 when narrow).
 */
export function pagerItems(current: number, count: number, pagerCount: number): PagerItem[] {
  if (count < 1) return [];
  const half = (pagerCount - 1) / 2;
  const folded = count > pagerCount;
  const showPrevMore = folded && current > pagerCount - half;
  const showNextMore = folded && current < count - half;

  let middle: number[];
  if (showPrevMore && !showNextMore) middle = range(count - (pagerCount - 2), count - 1);
  else if (!showPrevMore && showNextMore) middle = range(2, pagerCount - 1);
  else if (showPrevMore && showNextMore) {
    const offset = Math.floor(pagerCount / 2) - 1;
    middle = range(current - offset, current + offset);
  } else middle = range(2, count - 1);

  const jump = pagerCount - 2;
  const items: PagerItem[] = [{ kind: 'page', page: 1 }];
  if (showPrevMore) items.push({ kind: 'jumpPrev', page: Math.max(1, current - jump) });
  for (const page of middle) items.push({ kind: 'page', page });
  if (showNextMore) items.push({ kind: 'jumpNext', page: Math.min(count, current + jump) });
  if (count > 1) items.push({ kind: 'page', page: count });
  return items;
}

function range(from: number, to: number): number[] {
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}
