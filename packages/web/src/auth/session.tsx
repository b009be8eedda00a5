import type { MenuNode, UserInfo } from '@cp/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { authApi } from './api';

const sessionQueryKey = ['session'] as const;
const userInfoQueryKey = [...sessionQueryKey, 'userInfo'] as const;

const userInfoQuery = {
  queryKey: userInfoQueryKey,
  queryFn: authApi.userInfo,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
  // A failed early read (see `startOpening`) is the answer: asking again would report a different error.
  retryOnMount: false,
} as const;

/** User info with its menus and buttons, loaded once per session. */
export function useUserInfoQuery() {
  return useQuery(userInfoQuery);
}

/** Starts reading the session before anything renders; a failure is left for the session gate to report. */
export function prefetchUserInfo(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(userInfoQuery);
}

/** Forget everything loaded for the previous session (user info, lists, details). */
export function resetSessionData(queryClient: QueryClient): void {
  queryClient.clear();
}

export interface HeldKeys {
  menus: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
}

export interface Session {
  user: UserInfo;
  held: HeldKeys;
}

function leafKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.path ? [node.key] : leafKeys(node.children ?? [])));
}

export function heldKeysOf(user: Pick<UserInfo, 'menuData' | 'authBtnData'>): HeldKeys {
  return { menus: new Set(leafKeys(user.menuData)), buttons: new Set(user.authBtnData) };
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ user, children }: { user: UserInfo; children: ReactNode }) {
  const session = useMemo(() => ({ user, held: heldKeysOf(user) }), [user]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The signed-in user; only inside the shell, below the session gate. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used below <SessionProvider>');
  return session;
}
