import { buttonTitle, type FieldDef, type HistoryEntry, type Resource, viewSensitiveAction } from '@cp/contracts';
import { displayTitle, emptyText, formatPlain } from './format';

/**
 * An audit record of one row, as `GET …/:id/history` answers it (newest first): each change's values, and
 * the names the server gives those that refer to something (`fromName: '北京市'`, files' uploaded names).
 */
export type { HistoryEntry };

export interface HistoryLabels {
  /** Titles of actions beyond create/update/delete: a lifecycle's `验车`, `出库`… */
  actions?: Readonly<Record<string, string>>;
  /** Titles of changed keys that are not fields of the resource. */
  fields?: Readonly<Record<string, { title: string } & Partial<Pick<FieldDef, 'kind' | 'enumDef'>>>>;
}

export interface HistoryChange {
  key: string;
  title: string;
  /** null when the field was set for the first time. */
  from: string | null;
  to: string;
}

const crudActionTitles: Readonly<Record<string, string>> = {
  create: '新增',
  update: '编辑',
  delete: '删除',
  import: '导入',
};

/** An audit action's title: given, a standard one, the lifecycle's, or the title of the page's button of that name. */
function actionTitle(resource: Resource, action: string, given?: Readonly<Record<string, string>>): string {
  return (
    given?.[action] ??
    crudActionTitles[action] ??
    resource.lifecycle?.transitions.find((transition) => transition.action === action)?.title ??
    buttonTitle(`${resource.page}:${action}`) ??
    action
  );
}

type Described = Partial<Pick<FieldDef, 'kind' | 'enumDef'>> | undefined;

/** A changed value as the detail view reads it: the name the server gave it, or the value formatted as shown. */
function shown(def: Described, value: unknown, name: string | string[] | undefined): string {
  if (name === undefined) return formatPlain(def, value);
  if (Array.isArray(name)) return name.length > 0 ? name.join('、') : emptyText;
  return name;
}

/** An entry's action title and its changes with field titles and shown values. */
export function describeEntry(resource: Resource, entry: HistoryEntry, labels: HistoryLabels = {}) {
  // A whole value read (`…/sensitive/:field`) names the field it showed, and changed nothing.
  if (entry.action === viewSensitiveAction) {
    const titles = Object.keys(entry.changes ?? {}).map((key) => resource.fields[key]?.title ?? key);
    return { action: `查看完整${titles.join('、')}`, changes: [] as HistoryChange[] };
  }
  const action = actionTitle(resource, entry.action, labels.actions);
  const changes = Object.entries(entry.changes ?? {}).map(([key, change]): HistoryChange => {
    const def = resource.fields[key] ?? labels.fields?.[key];
    return {
      key,
      title: def ? displayTitle(def) : key,
      from: change.from === null || change.from === undefined ? null : shown(def, change.from, change.fromName),
      to: shown(def, change.to, change.toName),
    };
  });
  return { action, changes };
}
