import { use } from 'react';
import type { WebFamily } from './family';
import type { FamilyModule } from './familyModule';

/**
 * The families of every feature, found by the key of a screen they list — so that a family names another
 * feature's rows (a driver's 租赁订单, a car's current order) by that screen's route key, without importing
 * the other feature's module: features load as chunks of their own, and two that named each other's modules
 * would be an import cycle. `familyPages` registers each feature's loader under its route keys as the app
 * starts; a family is known once its module has loaded.
 */
type Load = () => Promise<FamilyModule>;

const loaders = new Map<string, Load>();
const known = new Map<string, WebFamily>();
const loading = new Map<string, Promise<WebFamily>>();

/** The loader of a feature's families, under every route key they give a page. */
export function registerFamilyLoader(keys: readonly string[], load: Load): void {
  for (const key of keys) loaders.set(key, load);
}

/** Families already in hand (a module loaded by a test or a check), found by their screens from now on. */
export function rememberFamilies(families: readonly WebFamily[]): void {
  for (const family of families) {
    for (const key of Object.keys(family.screens)) known.set(key, family);
  }
}

/** The screens a family's detail page lists from other families, named by key (`related: [{ screen }]`). */
function namedScreens(family: WebFamily): string[] {
  return (family.related?.() ?? []).flatMap((spec) => (spec.family ? [] : [spec.screen]));
}

/** The family listing a screen, loading its feature's module when it is not yet in hand. */
export function loadFamily(screen: string): Promise<WebFamily> {
  const family = known.get(screen);
  if (family) return Promise.resolve(family);
  let pending = loading.get(screen);
  if (!pending) {
    const load = loaders.get(screen);
    if (!load) return Promise.reject(new Error(`no feature lists the screen ${screen}`));
    pending = load().then((module) => {
      rememberFamilies(module.families);
      const found = known.get(screen);
      if (!found) throw new Error(`the families loaded for ${screen} do not list it`);
      return found;
    });
    loading.set(screen, pending);
  }
  return pending;
}

/**
 * A feature's module with the families its detail pages name by screen, so that its pages render them at
 * once. Only the named families' own modules are loaded, not what those name in turn.
 */
export async function loadFamilyModule(load: Load): Promise<FamilyModule> {
  const module = await load();
  rememberFamilies(module.families);
  await loadNamedFamilies(module.families);
  return module;
}

/** Loads the families that these families' related lists name by screen. */
export async function loadNamedFamilies(families: readonly WebFamily[]): Promise<void> {
  await Promise.all(families.flatMap(namedScreens).map(loadFamily));
}

/** The family listing a screen, already loaded; a family's page loads the families it names before it renders. */
export function familyOf(screen: string): WebFamily {
  const family = known.get(screen);
  if (!family) throw new Error(`the family listing ${screen} is not loaded`);
  return family;
}

/** The family listing a screen, suspending the component while its feature's module loads. */
export function useFamily(screen: string): WebFamily {
  return known.get(screen) ?? use(loadFamily(screen));
}

const namedLoading = new WeakMap<WebFamily, Promise<void>>();

/** Suspends until every family a family's related lists name by screen is loaded. */
export function useNamedFamilies(family: WebFamily): void {
  if (namedScreens(family).every((screen) => known.has(screen))) return;
  let pending = namedLoading.get(family);
  if (!pending) {
    pending = loadNamedFamilies([family]);
    namedLoading.set(family, pending);
  }
  use(pending);
}
