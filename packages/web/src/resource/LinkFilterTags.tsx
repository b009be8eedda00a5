import { type FieldDef, type LookupOption, lookupOf } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { get } from '../request';
import { displayTitle } from './format';
import { useLookupData } from './lookups';
import { fieldOf } from './types';
import type { ResourceList } from './useResourceList';

const find = (options: readonly LookupOption[], value: string): LookupOption | undefined => {
  for (const option of options) {
    const found = option.value === value ? option : find(option.children ?? [], value);
    if (found) return found;
  }
  return undefined;
};

/** The name of a lookup's row, as the lookup answers it; `#12（已删除）` once it is known to be gone. */
function useLookupName(lookup: string, id: string): string {
  const def = lookupOf(lookup);
  const whole = useLookupData(lookup);
  // The same query the lookup field makes for its chosen value, so the two share the answer.
  const named = useQuery({
    queryKey: ['lookups', def.endpoint, 'ids', [id]],
    queryFn: () => get<LookupOption[]>(def.endpoint, { ids: id }),
    enabled: def.searchable,
    staleTime: 60_000,
  });
  const data = def.searchable ? named.data : whole.data;
  if (!data) return id;
  return find(data, id)?.label ?? `#${id}（已删除）`;
}

function LookupName({ lookup, id }: { lookup: string; id: string }) {
  return useLookupName(lookup, id);
}

function FilterTag({ def, value, onClose }: { def: FieldDef; value: string; onClose: () => void }) {
  return (
    <Tag closable={{ 'aria-label': `取消${displayTitle(def)}筛选` }} color="orange" onClose={onClose}>
      {displayTitle(def)}：{def.kind === 'ref' && def.lookup ? <LookupName lookup={def.lookup} id={value} /> : value}
    </Tag>
  );
}

/**
 * The filters only links set (`panel: false`: a vehicle's records, opened from its detail page) as tags above
 * the search panel, naming what the list keeps to; closing one shows every row again.
 */
export function LinkFilterTags({ list }: { list: ResourceList }) {
  const { resource } = list.screen;
  const set = list.filterNames.filter((name) => fieldOf(resource, name).panel === false && list.filters[name]);
  if (set.length === 0) return null;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {set.map((name) => (
        <FilterTag
          key={name}
          def={fieldOf(resource, name)}
          value={list.filters[name] ?? ''}
          onClose={() => list.setFilters({ ...list.filters, [name]: undefined })}
        />
      ))}
    </Space>
  );
}

/** The values of the filters only links set, which 查询 keeps (重置 clears them with the rest). */
export function linkFilterValues(list: ResourceList): Record<string, string> {
  const { resource } = list.screen;
  return Object.fromEntries(
    list.filterNames
      .filter((name) => fieldOf(resource, name).panel === false && list.filters[name])
      .map((name) => [name, list.filters[name] ?? '']),
  );
}
