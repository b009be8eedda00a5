import { defineFeature, type Feature } from '../app/defineFeature';
import type { FamilySpec } from './family';
import { familyPages } from './registerFamilies';

/** What a family declares without view code of its own: data the entry can read without loading a page. */
export type PlainFamilySpec = Pick<FamilySpec, 'resource' | 'screens' | 'routes' | 'actionPages' | 'groups'>;

/**
 * The route keys a family gives pages (as `familyModule` makes them): each screen but an embedded one, its
 * detail page unless that is another family's list, its add and edit pages, and its actions' pages.
 */
function familyRouteKeys(spec: Pick<FamilySpec, 'screens' | 'routes' | 'actionPages'>): string[] {
  const { detail, detailBy, add, edit } = spec.routes ?? {};
  return [
    ...Object.values(spec.screens)
      .filter((screen) => !screen.embedded)
      .map((screen) => screen.key),
    ...(detail && !detailBy ? [detail] : []),
    ...(add ? [add] : []),
    ...(edit ? [edit] : []),
    ...Object.values(spec.actionPages ?? {}),
  ];
}

/**
 * A feature of families that are declarations only (通用标签): their pages, keyed by what they declare, are
 * the kit's list, form and detail pages, loaded with the kit's page code on first use.
 */
export function familyFeature(specs: readonly PlainFamilySpec[]): Feature {
  const load = async () => {
    const [{ defineFamily }, { familyModule }] = await Promise.all([import('./family'), import('./familyModule')]);
    return familyModule(specs.map(defineFamily));
  };
  return defineFeature({ pages: familyPages(load, specs.flatMap(familyRouteKeys)) });
}
