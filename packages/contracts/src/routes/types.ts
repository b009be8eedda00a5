/** The top-level sections of the console, in menu order. */
export const sections = [
  { key: 'vehicle', title: '车辆管理' },
  { key: 'customer', title: '客户管理' },
  { key: 'order', title: '订单管理' },
  { key: 'operation', title: '运营管理' },
  { key: 'finance', title: '财务管理' },
  { key: 'bSide', title: 'B端运营' },
  { key: 'approval', title: '审批管理' },
  { key: 'app', title: 'APP管理' },
  { key: 'config', title: '配置管理' },
] as const;

export type SectionKey = (typeof sections)[number]['key'];

/** A button on a page. Its key is `${page key}:${action}` and is what roles hold. */
export interface ButtonDef {
  key: string;
  title: string;
}

export interface RouteDef {
  /** Router path, with `:name` parameters. */
  path: string;
  title: string;
  /** Permission key of the page: the path without parameters or leading slash, `/` → `.`. */
  key: string;
  /** null for shell pages (/login, /home, /downloadRecord…). */
  section: SectionKey | null;
  group?: string;
  /** Reachable by link only, never a sidebar entry. */
  hidden: boolean;
  /** Keeps its state when the user navigates away and back. */
  cached: boolean;
  /** Names of the path parameters, in order. */
  params: string[];
  /** public: no session; session: any signed-in user; menu: the menu key below. */
  access: 'public' | 'session' | 'menu';
  /** The menu key a user must hold to open this page (its own key, or its list page's for hidden pages). */
  menuKey: string;
  /** A button key needed on top of menuKey (an add page needs the list's `:add`). */
  requiresButton?: string;
  buttons: ButtonDef[];
  /** The sidebar shows the user's pending count next to this entry. */
  badge?: 'pending';
}

export interface MenuNode {
  key: string;
  title: string;
  path?: string;
  badge?: 'pending';
  children?: MenuNode[];
}
