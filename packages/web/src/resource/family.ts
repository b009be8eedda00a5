import { lookupOf, type Resource, type Screen, type Transition, type UserInfo } from '@cp/contracts';
import { type RouteDef, routesByKey } from '@cp/contracts/routes';
import type { ComponentType, ReactNode } from 'react';
import { pageLink } from './routes';
import type { FieldGroup, ResourceRecord } from './types';

/** The fields of an action's dialog when a generated form is not enough (a checklist). */
export interface ActionFields {
  /** Given the row, and how to close the dialog (a link of its own leaving for another page). */
  Fields: ComponentType<{ record?: ResourceRecord | undefined; onClose?: () => void }>;
  /** The form's starting values for the row acted on (none when the row is picked in the dialog). */
  initial?(record: ResourceRecord | undefined): Record<string, unknown>;
  width?: number;
}

/** A form control of a family's own for one field, as `Form.Item` drives it. */
export type FormInputs = Readonly<
  Record<string, ComponentType<{ id?: string; value?: unknown; onChange?: (value: unknown) => void }>>
>;

/**
 * A control of a screen that is not one of the standard ones (新增, 导入, 导出, 编辑, 删除, the lifecycle's
 * actions on rows): it names the catalogue button that shows it.
 */
export type CustomControl =
  /** A toolbar button taking an action of another family on a row picked in its dialog (临时交车 of a vehicle). */
  | { button: string; place: 'toolbar'; family: WebFamily; action: string }
  /** A row button taking an action of another family on the row's parent (收回 of the delivery's vehicle). */
  | {
      button: string;
      place: 'row';
      family: WebFamily;
      action: string;
      /** The field naming the parent row. */
      via: string;
      when?(record: ResourceRecord): boolean;
    }
  /** A control of its own, given the row (or none, in the toolbar) and what to call when it is done. */
  | { button: string; place: 'toolbar' | 'row'; render: ComponentType<{ record?: ResourceRecord; title: string }> };

/**
 * A list of another family's rows that belong to this one, on its detail page (a vehicle's violations):
 * one of that family's screens, filtered by the field naming the parent row.
 */
export interface RelatedSpec {
  /**
   * The family listing the screen, when it is declared in the same module; a family of another feature is
   * named by its screen alone and found as the page loads (`familyRegistry`: features never import each
   * other's families).
   */
  family?: WebFamily;
  /** The screen's route key: its columns, its list endpoint, its menu key; 查看全部 opens it. */
  screen: string;
  /** The screen's filter naming the parent row (`vehicleId`): an `eq` filter its URL carries. */
  via: string;
  /**
   * The parent's field whose value the rows carry in `via`; the parent's id when omitted. 逾期详情's 订单应收
   * are its order's (`via: 'orderId', from: 'orderId'`), not rows of the overdue account's own id.
   */
  from?: string;
  /** The list's title: the resource's on its own screen, the route's on another view of it (临时交车). */
  title?: string;
  /**
   * Whether the parent row, as it is now, lets an embedded list's rows be added, imported, edited and
   * deleted (a published draw's prizes are fixed); always when omitted. The server refuses the same.
   */
  managed?: (parent: ResourceRecord) => boolean;
}

/**
 * Where a reference field's value links: the detail page showing the referenced row — a family of the same
 * module, or the route key of another feature's detail page (`?id=` the value) — or, per row, which one (a
 * lease order's driver is a 网约车司机 or a 出租车司机).
 */
type RefTarget = WebFamily | string | ((record: ResourceRecord) => WebFamily | string | undefined);

/**
 * A tab of the detail page beside its related lists, for what is not a list of another family's rows (a
 * driver's 账户): shown only to a user who may open `route`, the page whose data it reads.
 */
export interface DetailTab {
  key: string;
  title: string;
  /** The catalogue route the tab's data belongs to: its menu key is what the server asks of its request. */
  route: string;
  render: ComponentType<{ record: ResourceRecord }>;
}

/** The web half of a screen family: the contracts resource and screens, and what is really its own. */
/** A page showing one batch of a row-by-row import, and the query parameter naming the batch there. */
export interface ImportBatchLink {
  route: string;
  param: 'batchId' | 'detail';
}

export interface FamilySpec {
  resource: Resource;
  /** The screens listing the resource, by route key (the contracts' `defineScreen`s). */
  screens: Readonly<Record<string, Screen>>;
  /**
   * The hidden routes of its rows: the detail page, and the add and edit pages where the catalogue has them
   * (otherwise the form opens in a drawer over the list).
   */
  routes?: {
    detail?: string;
    add?: string;
    edit?: string;
    /**
     * Where a batch import's per-row results are read, for a resource importing row by row: a rows page
     * filtered by `?batchId=` (上传日志详情), or the batches' own list opening the batch's detail drawer
     * (`?detail=`: 导入记录 of 财务编码).
     */
    importBatch?: ImportBatchLink;
    /**
     * The detail route is another family's list filtered by this field naming the row (上传日志详情 lists a
     * batch's rows by `batchId`), rather than a page of the row itself (`?id=`).
     */
    detailBy?: string;
  };
  /**
   * Form controls of the family's own, by field: an `items` field's editor (an incentive's participants and
   * the preview of their split). Each takes the form item's `value` and `onChange`.
   */
  inputs?: FormInputs;
  /**
   * A list cell of the family's own, by field: what the row carries besides the field says it better (a to-do
   * task's 审批事项 reads its business's number, whom it is for and its amount — the server's `summary`).
   */
  cells?: Readonly<Record<string, (record: ResourceRecord) => ReactNode>>;
  /** Sections of the form and the detail view; every editable field in one section without. */
  groups?: readonly FieldGroup[];
  /**
   * Lifecycle actions taken on a page of their own rather than in a dialog, by action: the catalogue's hidden
   * page requiring the action's button (填写交车信息 on /leaseOrderFillDelivery). The row's button opens it.
   */
  actionPages?: Readonly<Record<string, string>>;
  /** Dialogs of lifecycle actions a generated form cannot express. */
  actionFields?: Readonly<Record<string, ActionFields>>;
  /** The controls of screens' route buttons that are not standard, by screen. */
  controls?: Readonly<Record<string, readonly CustomControl[]>>;
  /**
   * Sections of the create / edit form below the fields, inside the form: they watch what is typed
   * (`Form.useWatch`) and show what follows from it (a poster template's preview).
   */
  formSections?: readonly ComponentType[];
  /**
   * Other resources whose rows a lifecycle action or a save of this family changes too, asked for again after
   * it (an approval task's decision moves its approval and its business record; a driver saved from a lead
   * activates the lead).
   */
  refreshes?: readonly string[];
  /**
   * Rows listed on no page of their own: created in the drawer a control of the resource's page opens
   * (产品报价 from 我发起的's 新增) and read where their approval is decided.
   */
  unlisted?: true;
  /** Sections of the detail page below the fields (a delivery's checklist). */
  detailSections?: readonly ComponentType<{ record: ResourceRecord }>[];
  /**
   * The related lists of the detail page, each a small paged table linking to its screen. A function, as
   * the families it names are often declared after this one (and name it in their controls).
   */
  related?: () => readonly RelatedSpec[];
  /** Tabs of the detail page after its related lists (a driver's 账户). */
  detailTabs?: readonly DetailTab[];
  /**
   * References shown as links to the referenced row's detail page, by field (a lease order's 承租司机 and
   * 车辆), in the detail view and the lists; a user who may not open that page sees the name. A function,
   * as the families it names are often declared in modules that import this one.
   */
  refLinks?: () => Readonly<Record<string, RefTarget>>;
  /** What the detail page's title shows besides the row's identity (a vehicle's VIN). */
  subtitle?: (record: ResourceRecord) => ReactNode;
  /** The lookup that picks rows of the family in other families' dialogs (`vehicle`). */
  lookup?: string;
  /** Shown after a create, with the answer (a one-time password). */
  created?: ComponentType<{ answer: ResourceRecord; onClose: () => void }>;
  /** Shown after an action whose answer people must see (重置密码's new password), with the row and the answer. */
  results?: Readonly<Record<string, ComponentType<{ answer: ResourceRecord; onClose: () => void }>>>;
  /**
   * Actions the lifecycle allows on a row that this user is still not offered (停用 on one's own account);
   * the server refuses them too.
   */
  withheld?: (record: ResourceRecord, user: UserInfo) => readonly string[];
}

export type WebFamily = FamilySpec & {
  /**
   * The screen a family's own page lists (its route is the resource's page); none for a family whose forms
   * live on hidden pages of another family's page (`resource.forms`: 政企客户 on 线索明细).
   */
  main: Screen | undefined;
  /** The page the family's pages go back to: its list, or the page its forms belong to. */
  home: RouteDef;
};

/**
 * A family's web declaration, checked: the resource's own page is one of its screens, its detail / add /
 * edit routes are hidden pages under that page, its sections name its fields, and the lookup that picks its rows is searched by the
 * state its actions start from.
 */
export function defineFamily(spec: FamilySpec): WebFamily {
  const { resource } = spec;
  const screens = Object.values(spec.screens);
  // A family listed only elsewhere — on a page under its resource's page (线索日志 under 线索明细), or inside
  // another's detail page (a draw's prizes) — has that screen as its main one.
  const main = spec.screens[resource.page] ?? screens.find((screen) => !screen.main);
  const home = routesByKey.get(resource.page);
  if (!home) throw new Error(`family ${resource.key}: no route ${resource.page}`);
  if (resource.forms) {
    const { add, edit } = spec.routes ?? {};
    if (screens.length > 0 || add !== resource.forms.add || edit !== resource.forms.edit) {
      throw new Error(
        `family ${resource.key}: its forms are the pages ${[resource.forms.add, resource.forms.edit].filter(Boolean).join(' and ')}`,
      );
    }
  } else if (!main && !spec.unlisted)
    throw new Error(`family ${resource.key}: no screen for its page ${resource.page}`);
  const { detailBy: _field, importBatch: _batch, ...routes } = spec.routes ?? {};
  for (const key of Object.values(routes)) {
    const route = routesByKey.get(key);
    if (!route?.hidden || route.menuKey !== home.menuKey) {
      throw new Error(`family ${resource.key}: ${key} is not a hidden page of ${resource.page}`);
    }
  }
  for (const [action, key] of Object.entries(spec.actionPages ?? {})) {
    const button = resource.lifecycle?.transition(action).button;
    const route = routesByKey.get(key);
    if (!route?.hidden || route.menuKey !== home.menuKey || route.requiresButton !== button) {
      throw new Error(`family ${resource.key}: ${key} is not a hidden page of ${resource.page} requiring ${button}`);
    }
  }
  for (const group of spec.groups ?? []) {
    const unknown = group.fields.filter((name) => !resource.fields[name]);
    if (unknown.length > 0) throw new Error(`family ${resource.key}: section ${group.title} names no field ${unknown}`);
  }
  const field = resource.lifecycle?.field;
  if (spec.lookup && field) {
    const lookup = lookupOf(spec.lookup);
    if (!lookup.searchable || !lookup.filters?.includes(field)) {
      throw new Error(`family ${resource.key}: lookup ${spec.lookup} is not searched by ${field}`);
    }
  }
  return { ...spec, main, home };
}

/** Where 详情 of a row goes: its detail page, or the list its detail route filters by the row. */
export function detailLink(family: WebFamily, id: string): string | undefined {
  const { detail, detailBy } = family.routes ?? {};
  if (!detail) return undefined;
  return detailBy ? `${pageLink(detail)}?${detailBy}=${encodeURIComponent(id)}` : pageLink(detail, id);
}

/** The lifecycle actions a row offers this user: those its state and the user's buttons allow, less the family's `withheld`. */
export function offeredActions(
  family: Pick<WebFamily, 'resource' | 'withheld'>,
  record: ResourceRecord,
  user: UserInfo,
  buttons: ReadonlySet<string>,
): Transition[] {
  const lifecycle = family.resource.lifecycle;
  if (!lifecycle) return [];
  const withheld = family.withheld?.(record, user) ?? [];
  return lifecycle
    .allowed(Number(record[lifecycle.field]), buttons, record)
    .filter((transition) => !withheld.includes(transition.action));
}
