import { type RefObject, useEffect, useRef } from 'react';

/** The elements antd's Table scrolls in: the whole table, or the body under a fixed header. */
const scrollers = '.ant-table-content, .ant-table-body';
const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Set on the scrollers made focusable here, so that only those are given back when they stop needing it. */
const marker = 'data-scroll-region';

function holdsFocusable(scroller: HTMLElement): boolean {
  // antd's hidden row that sizes the columns copies the headers' controls, which no one can reach.
  return [...scroller.querySelectorAll(focusable)].some((element) => !element.closest('.ant-table-measure-row'));
}

/**
 * Lets the keyboard reach a table that overflows but holds nothing to focus (a related list of amounts, with
 * no link or button in its rows): its scroller becomes a focusable region named `label`, scrolled by the arrow
 * keys once focused. A table that fits, or whose rows have a control to tab to, is left alone.
 */
export function markScrollRegions(root: ParentNode, label: string): void {
  for (const scroller of root.querySelectorAll<HTMLElement>(scrollers)) {
    const overflows = scroller.scrollWidth > scroller.clientWidth || scroller.scrollHeight > scroller.clientHeight;
    if (overflows && !holdsFocusable(scroller)) {
      scroller.setAttribute(marker, '');
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label);
    } else if (scroller.hasAttribute(marker)) {
      for (const attribute of [marker, 'tabindex', 'role', 'aria-label']) scroller.removeAttribute(attribute);
    }
  }
}

/** A ref for the element around a Table: its scrollers are kept reachable (markScrollRegions) as rows and size change. */
export function useScrollRegions<T extends HTMLElement>(label: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => markScrollRegions(root, label);
    mark();
    const mutations = new MutationObserver(mark);
    mutations.observe(root, { childList: true, subtree: true });
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    resizes?.observe(root);
    return () => {
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, [label]);
  return ref;
}
