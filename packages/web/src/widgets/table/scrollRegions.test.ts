import { describe, expect, it } from 'vitest';
import { markScrollRegions } from './scrollRegions';

/** A table scroller of `scrollWidth` inside `clientWidth`, holding `rows` (jsdom lays nothing out). */
function scroller(rows: string, scrollWidth: number, clientWidth = 1000): { root: HTMLElement; scroller: HTMLElement } {
  const root = document.createElement('div');
  root.innerHTML = `<div class="ant-table-content"><table><tbody>${rows}</tbody></table></div>`;
  const element = root.querySelector<HTMLElement>('.ant-table-content');
  if (!element) throw new Error('no scroller');
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
  return { root, scroller: element };
}

describe('markScrollRegions', () => {
  it('makes a table that overflows with nothing to focus a focusable region named after its list', () => {
    const { root, scroller: table } = scroller('<tr><td>¥4,500.00</td></tr>', 1942);
    markScrollRegions(root, '账单明细');
    expect(table.tabIndex).toBe(0);
    expect(table.getAttribute('role')).toBe('region');
    expect(table.getAttribute('aria-label')).toBe('账单明细');
  });

  it('leaves a table alone when it fits, or when its rows have a link to tab to', () => {
    const fits = scroller('<tr><td>¥4,500.00</td></tr>', 800);
    markScrollRegions(fits.root, '账单明细');
    expect(fits.scroller.hasAttribute('tabindex')).toBe(false);
    const linked = scroller('<tr><td><a href="/billListDetails?id=1">详情</a></td></tr>', 1942);
    markScrollRegions(linked.root, '账单');
    expect(linked.scroller.hasAttribute('tabindex')).toBe(false);
  });

  it("does not count the column-sizing row's copy of 全选 as something to tab to", () => {
    const { root, scroller: table } = scroller(
      '<tr class="ant-table-measure-row" aria-hidden="true"><td><div><input type="checkbox"></div></td></tr><tr><td>1</td></tr>',
      1942,
    );
    markScrollRegions(root, '应收明细');
    expect(table.tabIndex).toBe(0);
  });

  it('gives the region back once the table fits again', () => {
    const { root, scroller: table } = scroller('<tr><td>1</td></tr>', 1942);
    markScrollRegions(root, '应收明细');
    Object.defineProperty(table, 'scrollWidth', { configurable: true, value: 900 });
    markScrollRegions(root, '应收明细');
    expect(table.hasAttribute('tabindex')).toBe(false);
    expect(table.hasAttribute('role')).toBe(false);
    expect(table.hasAttribute('aria-label')).toBe(false);
  });
});
