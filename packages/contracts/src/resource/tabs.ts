import { z } from 'zod';
import { text } from '../values';
import { fieldOf, type Resource } from './resource';

/** One status tab: the rows whose field holds one of `values` (待出库: stage 3). */
export interface TabSpec {
  values: readonly number[];
  /** The labels of its values by default (`待出库`). */
  title?: string;
  /** How the URL names it (`?tab=4`); its values joined with `-` by default. */
  key?: string;
}

/** Status tabs of a screen over one enumeration field, with `全部` first when `all`. */
export interface TabsSpec<Name extends string = string> {
  field: Name;
  all?: boolean;
  items: readonly TabSpec[];
}

export interface ScreenTab {
  key: string;
  title: string;
  /** null: 全部, every row of the screen. */
  values: readonly number[] | null;
}

export interface ScreenTabs {
  field: string;
  /** In order; the first is chosen when the URL names none. */
  items: readonly ScreenTab[];
}

export const allTabKey = 'all';

/** A screen's tabs, checked: values of an enumeration field, within the screen's fixed ones. */
export function screenTabs(
  resource: Resource,
  route: string,
  fixed: Readonly<Record<string, string>>,
  spec: TabsSpec,
): ScreenTabs {
  const def = fieldOf(resource, spec.field);
  const problem = (what: string) => new Error(`screen ${route}: tabs ${what}`);
  if (!def.enumDef) throw problem(`need an enumeration field, not ${spec.field}`);
  const fixedValues = fixed[spec.field]?.split(',').map(Number);
  const allowed = fixedValues ?? def.enumDef.values;
  const items: ScreenTab[] = spec.items.map((item) => {
    if (item.values.length === 0 || item.values.some((value) => !allowed.includes(value))) {
      throw problem(`${item.values.join(',')} are not values of ${spec.field} the screen lists`);
    }
    return {
      key: item.key ?? item.values.join('-'),
      title: item.title ?? item.values.map((value) => def.enumDef?.label(value)).join('、'),
      values: item.values,
    };
  });
  if (spec.all) items.unshift({ key: allTabKey, title: '全部', values: null });
  const keys = items.map((item) => item.key);
  if (new Set(keys).size !== keys.length || keys.some((key) => !/^[A-Za-z0-9-]+$/.test(key))) {
    throw problem(`keys must be distinct letters, digits and -: ${keys.join(' ')}`);
  }
  return { field: spec.field, items };
}

/** The tab a list shows: the one the URL names, or the first. */
export function chosenTab(tabs: ScreenTabs, key: unknown): ScreenTab {
  return tabs.items.find((item) => item.key === key) ?? (tabs.items[0] as ScreenTab);
}

/** What `…/tab-counts` answers for each tab of a screen: its count, capped like a list's total. */
export const tabCount = z.object({
  key: text(),
  total: z.number().int().meta({ description: '匹配条数，超过上限时为上限' }),
  totalExact: z.boolean().meta({ description: 'false：超过上限，显示为 10000+' }),
});
export type TabCount = z.infer<typeof tabCount>;
