import type { RouteDef } from '@cp/contracts/routes';

export type GuardDecision =
  | { action: 'redirect'; to: string }
  /** /login, and /404 without a token: open to everyone, outside the console's frame. */
  | { action: 'public'; route: RouteDef }
  /**
   * Needs the session: user info and menus are loaded, then the route's permission is checked. /404 with a
   * token is shown this way, inside the frame (header and sidebar), and falls back to the public page
   * when the session cannot be read.
   */
  | { action: 'session'; route: RouteDef };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  resolve: (pathname: string) => RouteDef | undefined;
}

/** The state an authorization-code login comes back with when the user agreed. */
const imLoginSuccessState = 'success';

/** Query parameters that carry a token for direct login: our own, or one from another internal system. */
export const loginTokenParams = ['token', 'system'] as const;

export function loginUrl(params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `/login?${query}` : '/login';
}

/** The 404 page's key in the route catalogue. */
export const notFoundKey = '404';

/** /404, saying which path was asked for (`/404?path=/no-such-screen`); the query is left out, it may carry a token. */
export function notFoundUrl(asked: string): string {
  return `/404?${new URLSearchParams({ path: asked }).toString()}`;
}

function tokenParam(query: URLSearchParams): [string, string] | undefined {
  for (const name of loginTokenParams) {
    const value = query.get(name);
    if (value) return [name, value];
  }
  return undefined;
}

function rootRedirect(query: URLSearchParams): string {
  const code = query.get('code');
  const state = query.get('state');
  if (code && state === imLoginSuccessState) return loginUrl({ code, state });
  const token = tokenParam(query);
  return token ? loginUrl({ [token[0]]: token[1] }) : '/login';
}

/** SPEC.md §2 "Routing behaviour", as one decision per location. */
export function decideNavigation({ pathname, search, hasToken, resolve }: GuardInput): GuardDecision {
  const query = new URLSearchParams(search);
  if (pathname === '/') return { action: 'redirect', to: rootRedirect(query) };
  const route = resolve(pathname);
  if (route?.key === notFoundKey && hasToken) return { action: 'session', route };
  if (route?.access === 'public') return { action: 'public', route };
  if (!route) return { action: 'redirect', to: notFoundUrl(pathname) };
  const token = tokenParam(query);
  if (token) {
    for (const name of loginTokenParams) query.delete(name);
    const rest = query.toString();
    return {
      action: 'redirect',
      to: loginUrl({ [token[0]]: token[1], redirect: rest ? `${pathname}?${rest}` : pathname }),
    };
  }
  if (!hasToken) return { action: 'redirect', to: loginUrl({ redirect: pathname + search }) };
  return { action: 'session', route };
}

/** Where to go after login: a path of this console, never another site or the login page itself. */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/home';
  return value;
}
