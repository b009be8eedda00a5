import type { Resource, Screen, Transition } from '@cp/contracts';
import type { z } from 'zod';

/** What the grants are read from: a family's resource and the screens listing it. */
interface Declared {
  resource: Resource;
  screens: readonly Screen[];
}

/**
 * The lookups a schema's fields pick from: each `.meta({ lookup })`, a key or one chosen by a sibling's value
 * (`{ by: 'personKind', lookups: { 1: 'driver', 2: 'user' } }`), inside objects, lists and optional wrappers.
 */
export function schemaLookups(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const meta = schema.meta()?.lookup as string | { lookups: Record<string, string> } | undefined;
  const own = typeof meta === 'string' ? [meta] : Object.values(meta?.lookups ?? {});
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner = [def.innerType, def.element, def.in, def.out, ...Object.values((def.shape ?? {}) as object)];
  return [...own, ...inner.flatMap((child) => schemaLookups(child as z.ZodType | undefined))];
}

/** The lookups a resource's create and edit form picks from: its `ref` fields and its items' id fields. */
function formLookups(resource: Resource): string[] {
  return resource.entries.flatMap(([, def]) =>
    def.form ? [...(def.lookup ? [def.lookup] : []), ...schemaLookups(def.input)] : [],
  );
}

function transitions(resource: Resource): readonly Transition[] {
  return resource.lifecycle?.transitions ?? [];
}

/**
 * Who may call each lookup, derived from the declarations once: a lookup is granted with every page or
 * button whose form, filter or action uses it — a screen's filter with the screen's menu key, a form field
 * with the buttons that open the form (新增, 编辑), an action's body with the action's button. A lookup no
 * declaration uses is in no entry.
 */
export function lookupGrants(families: readonly Declared[]): ReadonlyMap<string, ReadonlySet<string>> {
  const grants = new Map<string, Set<string>>();
  const grant = (lookups: readonly string[], keys: readonly (string | undefined)[]) => {
    for (const lookup of lookups) {
      const granted = grants.get(lookup) ?? new Set<string>();
      for (const key of keys) if (key) granted.add(key);
      grants.set(lookup, granted);
    }
  };
  for (const { resource, screens } of families) {
    const fields = resource.fields;
    for (const screen of screens) {
      grant(
        screen.filters.flatMap((name) => fields[name]?.lookup ?? []),
        [screen.route.menuKey],
      );
    }
    grant(formLookups(resource), [resource.permissions.create, resource.permissions.update]);
    for (const transition of transitions(resource)) grant(schemaLookups(transition.body), [transition.button]);
  }
  return grants;
}
