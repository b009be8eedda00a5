import type { Grid } from 'antd';

type Screens = ReturnType<typeof Grid.useBreakpoint>;

/** Column span of a field at each breakpoint: 4 per row from 992px, 3 from 768px, 2 from 576px, else 1. */
export const fieldSpans = { xs: 24, sm: 12, md: 8, lg: 6 } as const;

export function fieldsPerRow(screens: Screens): number {
  if (screens.lg) return 4;
  if (screens.md) return 3;
  if (screens.sm) return 2;
  return 1;
}

export interface SearchLayout {
  /** Fields shown; the rest are hidden but keep their values. */
  visible: number;
  /** Whether some fields do not fit the first row, so the toggle is offered. */
  collapsible: boolean;
  /** Empty columns before the buttons, which close the last row on its right. */
  actionOffset: number;
}

/** The first row holds `perRow - 1` fields and the buttons; collapsing hides the fields after it. */
export function searchLayout(fieldCount: number, perRow: number, collapsed: boolean): SearchLayout {
  const firstRow = Math.max(1, perRow - 1);
  const collapsible = fieldCount > firstRow;
  const visible = collapsed && collapsible ? firstRow : fieldCount;
  const freeInLastRow = perRow - (visible % perRow);
  return { visible, collapsible, actionOffset: freeInLastRow - 1 };
}
