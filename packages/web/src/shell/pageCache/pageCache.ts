import type { Location } from 'react-router';

/** How many cached pages stay alive at once; the least recently shown is evicted first. */
export const pageCacheCapacity = 10;

interface CachedPage {
  /** Stable identity of the page instance (its React key). */
  id: number;
  /** path + search: a different search reached by a link is a different instance. */
  key: string;
  location: Location;
}

export interface PageCacheState {
  /** Least recently shown first. */
  entries: readonly CachedPage[];
  /** The visible cached page, or null when the current route is not cached. */
  activeId: number | null;
  nextId: number;
  /** The location this state was computed for. */
  locationKey: string | null;
}

export const emptyPageCache: PageCacheState = { entries: [], activeId: null, nextId: 1, locationKey: null };

export interface PageVisit {
  location: Location;
  navigationType: string;
  cached: boolean;
}

function pageKey(location: Pick<Location, 'pathname' | 'search'>): string {
  return location.pathname + location.search;
}

/**
 * The cache after a navigation. A page that replaces its own URL (a list writing its filters into the
 * search) keeps its instance under the new key instead of starting a new one.
 */
export function visitPage(state: PageCacheState, visit: PageVisit, capacity = pageCacheCapacity): PageCacheState {
  const base = { ...state, locationKey: visit.location.key };
  if (!visit.cached) return { ...base, activeId: null };
  const key = pageKey(visit.location);
  const touch = (entry: CachedPage) => [
    ...state.entries.filter((other) => other.id !== entry.id),
    { ...entry, key, location: visit.location },
  ];

  const existing = state.entries.find((entry) => entry.key === key);
  if (existing) return { ...base, activeId: existing.id, entries: touch(existing) };

  const active = state.entries.find((entry) => entry.id === state.activeId);
  if (visit.navigationType === 'REPLACE' && active?.location.pathname === visit.location.pathname) {
    return { ...base, entries: touch(active) };
  }

  const created: CachedPage = { id: state.nextId, key, location: visit.location };
  const entries = [...state.entries, created];
  return {
    ...base,
    activeId: created.id,
    nextId: state.nextId + 1,
    entries: entries.slice(Math.max(0, entries.length - capacity)),
  };
}
