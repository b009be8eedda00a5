import type { ButtonDef, RouteDef, SectionKey } from './types';

/** Titles of the actions that recur across pages; a page may also name its own `[action, title]`. */
export const actionTitles = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
  detail: '详情',
  approve: '审批',
  enable: '启用',
  disable: '停用',
} as const;

export type StandardAction = keyof typeof actionTitles;
export type ButtonSpec = StandardAction | readonly [action: string, title: string];

export interface PageSpec {
  path: string;
  title: string;
  group?: string;
  hidden?: boolean;
  cached?: boolean;
  /** For hidden pages: the path of the page whose menu key grants access. */
  parent?: string;
  /** For hidden pages: the parent's button the user must also hold (an add page needs `add`). */
  requires?: string;
  buttons?: readonly ButtonSpec[];
  badge?: 'pending';
}

/** `/retailOrderEdit/:id` → `retailOrderEdit`; `/powerOff/applyList` → `powerOff.applyList`. */
export function routeKey(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '' && !part.startsWith(':'))
    .join('.');
}

export function routeParams(path: string): string[] {
  return path
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
}

function toButton(pageKey: string, spec: ButtonSpec): ButtonDef {
  const [action, title] = typeof spec === 'string' ? [spec, actionTitles[spec as StandardAction]] : spec;
  return { key: `${pageKey}:${action}`, title };
}

export function page(path: string, title: string, options: Omit<PageSpec, 'path' | 'title'> = {}): PageSpec {
  return { path, title, ...options };
}

/** Turns a section's page list into catalogue entries, resolving each hidden page's parent. */
export function defineSection(section: SectionKey | null, pages: readonly PageSpec[]): RouteDef[] {
  const byPath = new Map(pages.map((spec) => [spec.path, spec]));
  const taken = new Set<string>();
  return pages.map((spec) => {
    // A child that only adds parameters (`/x/:type` under `/x`) would repeat its parent's key: it names them too.
    let key = routeKey(spec.path);
    if (taken.has(key)) key = [key, ...routeParams(spec.path)].join('.');
    taken.add(key);
    let menuKey = key;
    if (spec.parent) {
      const parent = byPath.get(spec.parent);
      if (!parent) throw new Error(`route ${spec.path}: parent ${spec.parent} is not in its section`);
      menuKey = routeKey(parent.path);
    }
    const route: RouteDef = {
      path: spec.path,
      title: spec.title,
      key,
      section,
      hidden: spec.hidden ?? Boolean(spec.parent),
      cached: spec.cached ?? false,
      params: routeParams(spec.path),
      access: 'menu',
      menuKey,
      buttons: (spec.buttons ?? []).map((button) => toButton(key, button)),
    };
    if (spec.group) route.group = spec.group;
    if (spec.requires) route.requiresButton = `${menuKey}:${spec.requires}`;
    if (spec.badge) route.badge = spec.badge;
    return route;
  });
}
