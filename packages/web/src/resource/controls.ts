import { buttonTitle, type Screen } from '@cp/contracts';
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
 * The titles of the controls one row shows at most: those of the lifecycle state that offers the most (rows
 * in other states show fewer), so the 操作 column is as wide as its widest row needs.
 */
export function widestRowControls(family: WebFamily, controls: readonly Control[]): string[] {
  const lifecycle = family.resource.lifecycle;
  const row = controls.filter((control) => control.place === 'row');
  if (!lifecycle) return row.map((control) => control.title);
  const offered = (state: number) =>
    row.filter((control) => {
      if (control.kind === 'transition') return lifecycle.transition(control.action).from.includes(state);
      if (control.kind === 'delete') return lifecycle.removable(state);
      if (control.kind === 'edit') return lifecycle.editable(state);
      return true;
    });
  const titles = lifecycle.states.values.map((state) => offered(state).map((control) => control.title));
  const length = (candidate: string[]) => candidate.join('').length;
  return titles.reduce((most, next) => (length(next) > length(most) ? next : most), []);
}
