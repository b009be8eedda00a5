import type { ListColumnsPreference, Screen } from '@cp/contracts';

/** A column of a list as the user arranged it: where it stands, whether it shows, whether it may move. */
export interface ColumnLayout {
  name: string;
  hidden: boolean;
  /** The identity: always first, always shown. */
  locked: boolean;
}

/**
 * A screen's columns as a user arranged them (列设置): the identity first, then their order — a column the
 * screen gained since keeps its default place, one it dropped is gone — with the hidden ones marked.
 */
export function arrangeColumns(screen: Screen, preference: ListColumnsPreference | null | undefined): ColumnLayout[] {
  const identity = screen.identity && screen.columns.includes(screen.identity) ? screen.identity : undefined;
  const rest = screen.columns.filter((name) => name !== identity);
  const order = (preference?.order ?? []).filter((name) => rest.includes(name));
  rest.forEach((name, index) => {
    if (order.includes(name)) return;
    const before = rest
      .slice(0, index)
      .reverse()
      .find((previous) => order.includes(previous));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, name);
  });
  const hidden = new Set(preference?.hidden ?? []);
  return [
    ...(identity ? [{ name: identity, hidden: false, locked: true }] : []),
    ...order.map((name) => ({ name, hidden: hidden.has(name), locked: false })),
  ];
}

/** What the server keeps of a layout. */
export function preferenceOf(layout: readonly ColumnLayout[]): ListColumnsPreference {
  return {
    order: layout.filter((column) => !column.locked).map((column) => column.name),
    hidden: layout.filter((column) => column.hidden).map((column) => column.name),
  };
}

/** The layout with `name` shown or hidden; the identity stays. */
export function toggleColumn(layout: readonly ColumnLayout[], name: string): ColumnLayout[] {
  return layout.map((column) =>
    column.name === name && !column.locked ? { ...column, hidden: !column.hidden } : column,
  );
}

/** The layout with `name` one place earlier (-1) or later (+1), never before the identity. */
export function moveColumn(layout: readonly ColumnLayout[], name: string, step: -1 | 1): ColumnLayout[] {
  const index = layout.findIndex((column) => column.name === name);
  const target = index + step;
  const moved = layout[index];
  const other = layout[target];
  if (!moved || !other || moved.locked || other.locked) return [...layout];
  const next = [...layout];
  next[index] = other;
  next[target] = moved;
  return next;
}
