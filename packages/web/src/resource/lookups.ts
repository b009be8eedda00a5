import { type LookupDef, type LookupOption, lookupOf } from '@cp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../request';

export type { LookupOption };

/** A tree option for antd TreeSelect: only the choosable level (or the leaves) can be picked. */
export interface LookupTreeNode {
  title: string;
  value: string;
  selectable: boolean;
  children?: LookupTreeNode[];
}

const plain = ({ label, value }: LookupOption): LookupOption => ({ label, value });

/** The options of a lookup at its choosable level of what its endpoint answered (a tree's brands, its series). */
export function lookupOptions(def: LookupDef, data: readonly LookupOption[]): LookupOption[] {
  if (def.shape !== 'tree' || def.level === undefined) return data.map(plain);
  let level: readonly LookupOption[] = data;
  for (let depth = 1; depth < def.level; depth++) level = level.flatMap((node) => node.children ?? []);
  return level.map(plain);
}

/** A tree whose leaves (the models of the catalogue) are the only choices. */
export function lookupTree(data: readonly LookupOption[]): LookupTreeNode[] {
  return data.map((node) => {
    const children = node.children?.length ? lookupTree(node.children) : undefined;
    return { title: node.label, value: node.value, selectable: !children, ...(children ? { children } : {}) };
  });
}

/** What a lookup's endpoint answers, shared by every field that uses it and kept for ten minutes. */
export function useLookupData(lookup: string) {
  const def = lookupOf(lookup);
  return useQuery({
    queryKey: ['lookups', def.endpoint],
    queryFn: () => get<LookupOption[]>(def.endpoint),
    enabled: !def.searchable,
    staleTime: 10 * 60_000,
  });
}

/**
 * The rows of a searched lookup (vehicles) matching what the user typed, with its filters (`stage=3,7`);
 * and, for the value already chosen, its name (`?ids=`), so an edit shows it before any search.
 */
export function useLookupSearch(
  lookup: string,
  search: string,
  filters: Readonly<Record<string, string>>,
  chosen: string[],
) {
  const def = lookupOf(lookup);
  const query = { ...filters, ...(search.trim() ? { search: search.trim() } : {}) };
  const found = useQuery({
    queryKey: ['lookups', def.endpoint, 'search', query],
    queryFn: () => get<LookupOption[]>(def.endpoint, query),
    enabled: def.searchable,
    placeholderData: keepPreviousData,
  });
  const named = useQuery({
    queryKey: ['lookups', def.endpoint, 'ids', chosen],
    queryFn: () => get<LookupOption[]>(def.endpoint, { ids: chosen.join(',') }),
    enabled: def.searchable && chosen.length > 0,
    staleTime: 60_000,
  });
  const options = [...(named.data ?? []), ...(found.data ?? [])].filter(
    (option, index, all) => all.findIndex((other) => other.value === option.value) === index,
  );
  return { options, isFetching: found.isFetching };
}
