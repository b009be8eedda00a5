import { describe, expect, it } from 'vitest';
import { type PagerItem, pagerItems } from './pagerItems';
import { clampPage, pageCount, totalText } from './paging';

const show = (items: PagerItem[]) =>
  items.map((item) => (item.kind === 'page' ? String(item.page) : item.kind === 'jumpPrev' ? '«' : '»')).join(' ');

describe('pagerItems', () => {
  it('lists every page while they fit', () => {
    expect(show(pagerItems(1, 7, 7))).toBe('1 2 3 4 5 6 7');
    expect(show(pagerItems(1, 1, 7))).toBe('1');
    expect(pagerItems(1, 0, 7)).toEqual([]);
  });

  it('keeps 7 numbered pages on a wide screen', () => {
    expect(show(pagerItems(1, 20, 7))).toBe('1 2 3 4 5 6 » 20');
    expect(show(pagerItems(10, 20, 7))).toBe('1 « 8 9 10 11 12 » 20');
    expect(show(pagerItems(20, 20, 7))).toBe('1 « 15 16 17 18 19 20');
  });

  it('keeps 5 numbered pages on a narrow screen', () => {
    expect(show(pagerItems(10, 20, 5))).toBe('1 « 9 10 11 » 20');
    expect(show(pagerItems(2, 20, 5))).toBe('1 2 3 4 » 20');
  });

  it('jumps pagerCount - 2 pages from the ellipses, within bounds', () => {
    const items = pagerItems(10, 20, 7);
    expect(items.find((item) => item.kind === 'jumpPrev')?.page).toBe(5);
    expect(items.find((item) => item.kind === 'jumpNext')?.page).toBe(15);
    expect(pagerItems(18, 20, 7).find((item) => item.kind === 'jumpPrev')?.page).toBe(13);
  });
});

describe('paging helpers', () => {
  it('clamps a page into 1…count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(99, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5, 4)).toBe(4);
    expect(clampPage(3, 0)).toBe(1);
  });

  it('counts pages and writes the total, with + when the count is capped', () => {
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(0, 20)).toBe(1);
    expect(totalText(120)).toBe('共 120 条');
    expect(totalText(10000, false)).toBe('共 10000+ 条');
  });
});
