import { buttonTitle, type Screen } from '@cp/contracts';
import { textWidth } from './buildColumns';
import type { CustomControl, WebFamily } from './family';

interface Base {
  /** The catalogue button that shows the control; its title is the control's label. */
  button: string;
  title: string;
}

export type Control = Base &
  (
    | { kind: 'create' | 'import' | 'export'; place: 'toolbar' }
    | { kind: 'edit' | 'delete'; place: 'row' }
    /** A lifecycle action of the screen's rows, offered when the row's state allows it. */
    | { kind: 'transition'; place: 'row'; action: string }
    | { kind: 'custom'; place: 'toolbar' | 'row'; custom: CustomControl }
  );

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Every control a screen shows, each with the catalogue button that shows it: 新增 / 导入 / 导出 when the
 * screen's route has them and they are the family's, 编辑 / 删除 likewise, the lifecycle actions its rows
 * offer, and the family's own. The list page renders exactly these, and a test holds them to the route's
 * buttons: none without a control, none outside the catalogue.
 */
export function screenControls(family: WebFamily, screen: Screen): Control[] {
  const { permissions, lifecycle } = family.resource;
  const own = (action: string, operation: string | undefined) => {
    const key = screen.button(action);
    return key !== undefined && key === operation ? key : undefined;
  };
  const controls: Control[] = [];
  // Each control is titled as its button is in the catalogue (a button guarding two actions of a row: below).
  const add = (control: DistributiveOmit<Control, 'title'>) =>
    controls.push({ ...control, title: buttonTitle(control.button) ?? control.button } as Control);
  const custom = family.controls?.[screen.key] ?? [];

  const create = own('add', permissions.create);
  if (create) add({ kind: 'create', button: create, place: 'toolbar' });
  for (const control of custom.filter((entry) => entry.place === 'toolbar')) {
    add({ kind: 'custom', button: control.button, place: 'toolbar', custom: control });
  }
  const importButton = own('import', permissions.import);
  if (importButton && family.resource.import) add({ kind: 'import', button: importButton, place: 'toolbar' });
  if (screen.exportButton) add({ kind: 'export', button: screen.exportButton, place: 'toolbar' });

  const edit = own('edit', permissions.update);
  if (edit) add({ kind: 'edit', button: edit, place: 'row' });
  const transitions = screen.actions.flatMap((action) =>
    lifecycle?.has(action) ? [lifecycle.transition(action)] : [],
  );
  for (const transition of transitions) {
    const { button, action } = transition;
    // One button guarding two actions of a row (审核: 审核通过, 审核不通过; 启用: 审核通过, 驳回) titles each by its action.
    if (transitions.filter((other) => other.button === button).length > 1) {
      controls.push({ kind: 'transition', button, place: 'row', action, title: transition.title });
    } else add({ kind: 'transition', button, place: 'row', action });
  }
  for (const control of custom.filter((entry) => entry.place === 'row')) {
    add({ kind: 'custom', button: control.button, place: 'row', custom: control });
  }
  const remove = own('delete', permissions.remove);
  if (remove) add({ kind: 'delete', button: remove, place: 'row' });
  return controls;
}

/**
 * The titles of the row controls each lifecycle state may offer (rows in a state show those its transitions'
 * conditions allow, so at most these), one list for a family without a lifecycle: the 操作 column is as
 * wide as the widest of them needs once collapsed (`rowActionLayout`).
 */
export function rowControlTitles(family: WebFamily, controls: readonly Control[]): string[][] {
  const lifecycle = family.resource.lifecycle;
  const row = controls.filter((control) => control.place === 'row');
  if (!lifecycle) return [row.map((control) => control.title)];
  const offered = (state: number) =>
    row.filter((control) => {
      if (control.kind === 'transition') return lifecycle.transition(control.action).from.includes(state);
      if (control.kind === 'delete') return lifecycle.removable(state);
      if (control.kind === 'edit') return lifecycle.editable(state);
      return true;
    });
  return lifecycle.states.values.map((state) => offered(state).map((control) => control.title));
}

/** A small link button of a row: its title padded by 7 px a side, and the space beside it. */
const rowButtonWidth = (title: string) => textWidth(title) + 22;

/** The title of the button gathering a row's other controls. */
export const moreTitle = '更多';

/**
 * What the buttons of a row may take side by side: 详情, one action of up to six characters (填写交车信息) and
 * 更多 — so a list with many actions (租赁订单) keeps its key columns on screen at 1440 px.
 */
const rowActionsBudget = rowButtonWidth('详情') + rowButtonWidth('填写交车信息') + rowButtonWidth(moreTitle);

/**
 * How many of a row's buttons (详情 first, then its controls in order) stand in the row: all of them when they
 * fit the budget; otherwise as many as fit beside 更多, which gathers the rest — at least the first.
 */
export function rowActionLayout(titles: readonly string[]): { inline: number; more: boolean } {
  const widths = titles.map(rowButtonWidth);
  if (widths.reduce((sum, width) => sum + width, 0) <= rowActionsBudget) return { inline: titles.length, more: false };
  let used = rowButtonWidth(moreTitle);
  let inline = 0;
  while (inline < widths.length && used + (widths[inline] ?? 0) <= rowActionsBudget) {
    used += widths[inline] ?? 0;
    inline += 1;
  }
  return { inline: Math.max(inline, 1), more: true };
}

/** The 操作 column's width: the widest collapsed row's buttons side by side, and the cell's padding. */
export function rowActionsWidth(rows: readonly (readonly string[])[]): number {
  const widest = Math.max(
    0,
    ...rows.map((titles) => {
      const { inline, more } = rowActionLayout(titles);
      const shown = [...titles.slice(0, inline), ...(more ? [moreTitle] : [])];
      return shown.reduce((sum, title) => sum + rowButtonWidth(title), 0);
    }),
  );
  // The cell pads by 16 px a side; a little room against rounding.
  return Math.max(80, widest + 40);
}
