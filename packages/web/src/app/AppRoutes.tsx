import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideNavigation, type GuardDecision, notFoundKey } from '../auth/guard';
import { getToken } from '../auth/token';
import { LoginPage, NotFoundPage } from '../pages';
import { loadConsole, loadedConsole } from './loadConsole';
import { preloadPage } from './pageRegistry';
import { pageTitle, type RouteTable } from './routeTable';

const Console = lazy(async () => ({ default: (await loadConsole()).Console }));

function decide(table: RouteTable, location: { pathname: string; search: string }): GuardDecision {
  return decideNavigation({
    pathname: location.pathname,
    search: location.search,
    hasToken: getToken() !== undefined,
    resolve: table.resolve,
  });
}

/**
 * Starts everything a console page opened by URL needs, at once: the console's and the page's code, then the
 * session (user info) and the page's first data. Called before the first render, so none of it waits for the
 * app to mount; the router's first render then finds it under way. /login and /404 start nothing.
 */
export function startOpening(table: RouteTable, location: { pathname: string; search: string }): void {
  const decision = decide(table, location);
  if (decision.action !== 'session') return;
  const routeKey = decision.route.key;
  preloadPage(table.pages.find(({ route }) => route.key === routeKey)?.Component);
  loadConsole()
    .then((opened) => opened.openConsolePage(table, routeKey, location.search))
    .catch(() => undefined); // the console's boundary meets the failure when it renders
}

/**
 * The route guard of SPEC.md §2 in front of every location, and the page title. /login and /404 without a
 * session are drawn alone until the console has loaded; after that (a logout, an ended session) inside its
 * providers, so a toast said on the way out stays on screen.
 */
export function AppRoutes({ table }: { table: RouteTable }) {
  const location = useLocation();
  const decision = decide(table, location);
  const title = decision.action === 'redirect' ? undefined : pageTitle(decision.route);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'public') {
    const page: ReactNode = <Suspense>{decision.route.key === 'login' ? <LoginPage /> : <NotFoundPage />}</Suspense>;
    if (!loadedConsole()) return page;
    return (
      <Suspense>
        <Console table={table} publicPage={page} />
      </Suspense>
    );
  }
  // /404 with a token is shown inside the frame; if the session cannot be read, as the public page.
  const fallback = decision.route.key === notFoundKey ? <NotFoundPage /> : undefined;
  return (
    <Suspense>
      <Console table={table} route={decision.route} fallback={fallback && <Suspense>{fallback}</Suspense>} />
    </Suspense>
  );
}
