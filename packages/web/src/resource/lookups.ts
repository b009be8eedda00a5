import { useQuery } from '@tanstack/react-query';
import { get } from '../request';

/** An entry of a dropdown: ids travel as strings. */
export interface LookupOption {
  label: string;
  value: string;
  children?: LookupOption[];
}

/** A tree option for antd TreeSelect: only leaves can be chosen. */
export interface LookupTreeNode {
  title: string;
  value: string;
  selectable: boolean;
  children?: LookupTreeNode[];
}

const catalogUrl = '/api/lookups/vehicle-catalog';

/** Where each `lookup` of a ref field gets its options (SPEC §7 "Lists and lookups"). */
export const lookupUrls: Readonly<Record<string, string>> = {
  company: '/api/lookups/companies',
  city: '/api/lookups/cities',
  brand: catalogUrl,
  series: catalogUrl,
  model: catalogUrl,
};

/** Lookups chosen in a tree (the vehicle catalogue's leaves), not from a flat list. */
export const treeLookups: ReadonlySet<string> = new Set(['model']);

const plain = ({ label, value }: LookupOption): LookupOption => ({ label, value });

/** The options of a lookup from what its URL answered: the catalogue's brands are its top level, series the next. */
export function lookupOptions(lookup: string, data: readonly LookupOption[]): LookupOption[] {
  if (lookup === 'brand') return data.map(plain);
  if (lookup === 'series') return data.flatMap((brand) => (brand.children ?? []).map(plain));
  return data.map(plain);
}

/** The catalogue as a tree whose leaves (the models) are the only choices. */
export function lookupTree(data: readonly LookupOption[]): LookupTreeNode[] {
  return data.map((node) => {
    const children = node.children?.length ? lookupTree(node.children) : undefined;
    return { title: node.label, value: node.value, selectable: !children, ...(children ? { children } : {}) };
  });
}

/** What a lookup's URL answers, shared by every field that uses it and kept for ten minutes. */
export function useLookupData(lookup: string) {
  const url = lookupUrls[lookup];
  return useQuery({
    queryKey: ['lookups', url],
    queryFn: () => get<LookupOption[]>(url ?? ''),
    enabled: url !== undefined,
    staleTime: 10 * 60_000,
  });
}
