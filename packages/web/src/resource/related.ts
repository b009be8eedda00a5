import type { PageResult, Screen } from '@cp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../request';
import type { RelatedSpec, WebFamily } from './family';
import { familyOf, useNamedFamilies } from './familyRegistry';
import type { ResourceRecord } from './types';

/** Rows a related list shows per page: a glance, 查看全部 has the rest. */
export const relatedPageSize = 5;

/** A related list, checked and resolved: the family, its screen, the parent filter and the title. */
export interface RelatedList {
  family: WebFamily;
  screen: Screen;
  via: string;
  /** The parent's field naming the rows (its id when omitted). */
  from?: string;
  title: string;
  managed?: (parent: ResourceRecord) => boolean;
}

const resolved = new WeakMap<WebFamily, readonly RelatedList[]>();

function resolve(owner: WebFamily, spec: RelatedSpec): RelatedList {
  const { via } = spec;
  const family = spec.family ?? familyOf(spec.screen);
  const screen = family.screens[spec.screen];
  const where = `family ${owner.resource.key}: related ${spec.screen}`;
  if (!screen) throw new Error(`${where} is not a screen of ${family.resource.key}`);
  if (family.resource.fields[via]?.filter !== 'eq') throw new Error(`${where}: ${via} is not an eq filter`);
  // 查看全部 must land on the screen showing just these rows: its URL state has to carry the filter.
  if (!screen.filters.includes(via)) throw new Error(`${where}: the screen's URL does not carry ${via}`);
  if (spec.from && !owner.resource.fields[spec.from]) throw new Error(`${where}: no field ${spec.from} to read`);
  const title = spec.title ?? (screen.main ? family.resource.title : screen.title);
  return {
    family,
    screen,
    via,
    title,
    ...(spec.from ? { from: spec.from } : {}),
    ...(spec.managed ? { managed: spec.managed } : {}),
  };
}

/** The related lists a family's detail page shows, checked once: each screen's URL takes its parent filter. */
export function relatedLists(family: WebFamily): readonly RelatedList[] {
  let lists = resolved.get(family);
  if (!lists) {
    lists = (family.related?.() ?? []).map((spec) => resolve(family, spec));
    resolved.set(family, lists);
  }
  return lists;
}

/** The related lists of a family's detail page, suspending while the families they name by screen load. */
export function useRelatedLists(family: WebFamily): readonly RelatedList[] {
  useNamedFamilies(family);
  return relatedLists(family);
}

/** The value a related list's rows carry in `via`: the parent's id, or its field `from`; none when empty. */
export function relatedParentId(list: RelatedList, parent: ResourceRecord): string | undefined {
  const value = list.from ? parent[list.from] : parent.id;
  return value === null || value === undefined || value === '' ? undefined : String(value);
}

/** 查看全部: the screen, filtered to the parent row's rows (`/violationManagement?vehicleId=7`). */
export function relatedLink(list: RelatedList, parentId: string): string {
  return `${list.screen.path}?${new URLSearchParams({ [list.via]: parentId })}`;
}

/**
 * A page of a related list, from the screen's own list endpoint filtered by the parent (the server checks
 * the filter and keeps it to the branch company). Keyed under the resource, so a change to its rows
 * refreshes it as it refreshes the screen.
 */
export function useRelatedPage(list: RelatedList, parentId: string, page = 1) {
  const { screen } = list;
  const query = { [list.via]: parentId, page, limit: relatedPageSize };
  return useQuery({
    queryKey: [screen.resource.key, 'list', screen.endpoint, query],
    queryFn: () => get<PageResult<ResourceRecord>>(screen.endpoint, query),
    placeholderData: keepPreviousData,
  });
}
