import { lookupOf, type Resource, type Screen } from '@cp/contracts';
import { routesByKey } from '@cp/contracts/routes';
import type { ComponentType, ReactNode } from 'react';
import { pageLink } from './routes';
import type { FieldGroup, ResourceRecord } from './types';

/** The fields of an action's dialog when a generated form is not enough (a checklist). */
export interface ActionFields {
  Fields: ComponentType<{ record?: ResourceRecord | undefined }>;
  /** The form's starting values for the row acted on (none when the row is picked in the dialog). */
  initial?(record: ResourceRecord | undefined): Record<string, unknown>;
  width?: number;
}

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
  family: WebFamily;
  /** The screen's route key: its columns, its list endpoint, its menu key; 查看全部 opens it. */
  screen: string;
  /** The screen's filter naming the parent row (`vehicleId`): an `eq` filter its URL carries. */
  via: string;
  /** The list's title: the resource's on its own screen, the route's on another view of it (临时交车). */
  title?: string;
}

/** The web half of a screen family: the contracts resource and screens, and what is really its own. */
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
    /** Where a batch import's result is read (上传日志详情), for a resource importing row by row. */
    importBatch?: string;
    /**
     * The detail route is another family's list filtered by this field naming the row (上传日志详情 lists a
     * batch's rows by `batchId`), rather than a page of the row itself (`?id=`).
     */
    detailBy?: string;
  };
  /** Sections of the form and the detail view; every editable field in one section without. */
  groups?: readonly FieldGroup[];
  /** Dialogs of lifecycle actions a generated form cannot express. */
  actionFields?: Readonly<Record<string, ActionFields>>;
  /** The controls of screens' route buttons that are not standard, by screen. */
  controls?: Readonly<Record<string, readonly CustomControl[]>>;
  /** Sections of the detail page below the fields (a delivery's checklist). */
  detailSections?: readonly ComponentType<{ record: ResourceRecord }>[];
  /**
   * The related lists of the detail page, each a small paged table linking to its screen. A function, as
   * the families it names are often declared after this one (and name it in their controls).
   */
  related?: () => readonly RelatedSpec[];
  /** What the detail page's title shows besides the row's identity (a vehicle's VIN). */
  subtitle?: (record: ResourceRecord) => ReactNode;
  /** The lookup that picks rows of the family in other families' dialogs (`vehicle`). */
  lookup?: string;
  /** Shown after a create, with the answer (a one-time password). */
  created?: ComponentType<{ answer: ResourceRecord; onClose: () => void }>;
  /** Shown after an action whose answer people must see (重置密码's new password), with the row and the answer. */
  results?: Readonly<Record<string, ComponentType<{ answer: ResourceRecord; onClose: () => void }>>>;
}

export type WebFamily = FamilySpec & {
  /** The screen a family's own page lists (its route is the resource's page). */
  main: Screen;
};

/**
 * A family's web declaration, checked: the resource's own page is one of its screens, its detail / add /
 * edit routes are hidden pages under that page, and the lookup that picks its rows is searched by the
 * state its actions start from.
 */
export function defineFamily(spec: FamilySpec): WebFamily {
  const { resource } = spec;
  // A family listed only on a page under its resource's page (线索日志 under 线索明细) has that screen as its main one.
  const main = spec.screens[resource.page] ?? Object.values(spec.screens).find((screen) => !screen.main);
  if (!main) throw new Error(`family ${resource.key}: no screen for its page ${resource.page}`);
  const { detailBy: _field, ...routes } = spec.routes ?? {};
  for (const key of Object.values(routes)) {
    const route = routesByKey.get(key);
    if (!route?.hidden || route.menuKey !== main.route.menuKey) {
      throw new Error(`family ${resource.key}: ${key} is not a hidden page of ${resource.page}`);
    }
  }
  const field = resource.lifecycle?.field;
  if (spec.lookup && field) {
    const lookup = lookupOf(spec.lookup);
    if (!lookup.searchable || !lookup.filters?.includes(field)) {
      throw new Error(`family ${resource.key}: lookup ${spec.lookup} is not searched by ${field}`);
    }
  }
  return { ...spec, main };
}

/** Where 详情 of a row goes: its detail page, or the list its detail route filters by the row. */
export function detailLink(family: WebFamily, id: string): string | undefined {
  const { detail, detailBy } = family.routes ?? {};
  if (!detail) return undefined;
  return detailBy ? `${pageLink(detail)}?${detailBy}=${encodeURIComponent(id)}` : pageLink(detail, id);
}
