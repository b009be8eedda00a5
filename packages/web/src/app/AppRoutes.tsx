import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideNavigation, type GuardDecision, notFoundKey } from '../auth/guard';
import { SessionGate } from '../auth/SessionGate';
import { prefetchUserInfo } from '../auth/session';
import { getToken } from '../auth/token';
import { LoginPage, NotFoundPage } from '../pages';
import { preloadPage } from './pageRegistry';
import { pageTitle, type RouteTable } from './routeTable';

const loadShell = () => import('../shell/ShellLayout');
const ShellLayout = lazy(async () => ({ default: (await loadShell()).ShellLayout }));

function decide(table: RouteTable, location: { pathname: string; search: string }): GuardDecision {
  return decideNavigation({
    pathname: location.pathname,
    search: location.search,
    hasToken: getToken() !== undefined,
    resolve: table.resolve,
  });
}

/** Starts fetching the shell's and a console page's code, and the page's first data for `search`. */
function preloadConsolePage(table: RouteTable, routeKey: string, queryClient: QueryClient, search: string): void {
  void loadShell().catch(() => undefined);
  const page = table.pages.find(({ route }) => route.key === routeKey)?.Component;
  preloadPage(page, { queryClient, search });
}

/**
 * Starts everything a console page opened by URL needs, at once: the session (user info), the shell's and
 * the page's code and the page's first data. Called before the first render, so none of it waits for the
 * app to mount; the router's first render then finds it under way.
 */
export function startOpening(
  table: RouteTable,
  queryClient: QueryClient,
  location: { pathname: string; search: string },
): void {
  const decision = decide(table, location);
  if (decision.action !== 'session') return;
  prefetchUserInfo(queryClient);
  preloadConsolePage(table, decision.route.key, queryClient, location.search);
}

/** The route guard of SPEC.md §2 in front of every location, and the page title. */
export function AppRoutes({ table }: { table: RouteTable }) {
  const location = useLocation();
  const decision = decide(table, location);
  const title = decision.action === 'redirect' ? undefined : pageTitle(decision.route);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  // A page reached inside the app (after login, by a link) starts its code and first data as it is chosen,
  // as `startOpening` did for the page opened by URL; asking again for what is loaded or fresh costs nothing.
  const openingKey = decision.action === 'session' ? decision.route.key : undefined;
  const queryClient = useQueryClient();
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  useEffect(() => {
    if (openingKey !== undefined) preloadConsolePage(table, openingKey, queryClient, searchRef.current);
  }, [openingKey, table, queryClient]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'public') {
    return <Suspense>{decision.route.key === 'login' ? <LoginPage /> : <NotFoundPage />}</Suspense>;
  }
  // /404 with a token is shown inside the frame; if the session cannot be read, as the public page.
  const fallback = decision.route.key === notFoundKey ? <NotFoundPage /> : undefined;
  return (
    <SessionGate route={decision.route} fallback={fallback && <Suspense>{fallback}</Suspense>}>
      <Suspense>
        <ShellLayout table={table} />
      </Suspense>
    </SessionGate>
  );
}
