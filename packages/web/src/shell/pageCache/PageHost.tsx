import { Spin } from 'antd';
import { Activity, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { type Location, matchRoutes, type RouteObject, useLocation, useNavigationType, useRoutes } from 'react-router';
import type { RegisteredPage } from '../../app/routeTable';
import { PageErrorBoundary } from './PageErrorBoundary';
import { emptyPageCache, pageCacheCapacity, visitPage } from './pageCache';
import { usePageResume } from './resume';
import { useScrollMemory } from './useScrollMemory';

function PageLoading() {
  return (
    <div className="page-loading">
      <Spin />
    </div>
  );
}

function RoutesAt({ routes, location }: { routes: RouteObject[]; location?: Location }) {
  const current = useLocation();
  const at = location ?? current;
  return <PageErrorBoundary resetKey={`${at.pathname}${at.search}`}>{useRoutes(routes, location)}</PageErrorBoundary>;
}

/**
 * Renders the page of the current location. Pages flagged `cached` stay mounted but hidden
 * (React <Activity>) when the user leaves them, so filters, page, sort and scroll survive; at most
 * `capacity` of them live at once. Leaving the shell (logout, account switch) drops them all.
 */
export function PageHost({
  pages,
  fallback,
  capacity = pageCacheCapacity,
}: {
  pages: readonly RegisteredPage[];
  /** Shown where no page is (/404 inside the frame). */
  fallback?: ReactNode;
  capacity?: number;
}) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const routes = useMemo<RouteObject[]>(() => {
    const found = pages.map(({ route, Component }) => ({
      path: route.path,
      element: (
        <Suspense fallback={<PageLoading />}>
          <Component />
        </Suspense>
      ),
    }));
    if (fallback === undefined) return found;
    return [...found, { path: '*', element: <Suspense fallback={<PageLoading />}>{fallback}</Suspense> }];
  }, [pages, fallback]);
  const cachedPaths = useMemo<RouteObject[]>(
    () => pages.filter(({ route }) => route.cached).map(({ route }) => ({ path: route.path })),
    [pages],
  );

  const [stored, setStored] = useState(emptyPageCache);
  let cache = stored;
  if (stored.locationKey !== location.key) {
    const cached = matchRoutes(cachedPaths, location) !== null;
    cache = visitPage(stored, { location, navigationType, cached }, capacity);
    setStored(cache);
  }
  const liveIds = useMemo(() => cache.entries.map((entry) => entry.id), [cache.entries]);
  useScrollMemory(cache.activeId, location.pathname, liveIds);
  const resume = usePageResume();
  useEffect(() => {
    if (cache.activeId !== null) resume.remember(location);
  }, [cache.activeId, location, resume]);

  return (
    <>
      {cache.entries.map((entry) => (
        <Activity key={entry.id} mode={entry.id === cache.activeId ? 'visible' : 'hidden'}>
          <RoutesAt routes={routes} location={entry.location} />
        </Activity>
      ))}
      {cache.activeId === null && <RoutesAt routes={routes} />}
    </>
  );
}
