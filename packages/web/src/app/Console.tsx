import 'dayjs/locale/zh-cn';
import type { RouteDef } from '@cp/contracts/routes';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SessionGate } from '../auth/SessionGate';
import { prefetchUserInfo, resetSessionData } from '../auth/session';
import { bindMessageApi } from '../request/toast';
import { ShellLayout } from '../shell/ShellLayout';
import { WidgetApiProvider } from '../widgets/api/WidgetApiContext';
import { bindNavigator } from './navigation';
import { preloadPage } from './pageRegistry';
import { createQueryClient } from './queryClient';
import type { RouteTable } from './routeTable';
// Every component's styles, prebuilt (see `theme`); the console's own stylesheet comes after it.
import 'antd/dist/antd.css';
import './console.css';

dayjs.locale('zh-cn');

/** The console's data, for the page's life; a new session empties it. */
const queryClient = createQueryClient();

/** Starts fetching a console page's code and then its first data for `search` (its URL's query). */
function preloadConsolePage(table: RouteTable, routeKey: string, search: string): void {
  const page = table.pages.find(({ route }) => route.key === routeKey)?.Component;
  preloadPage(page, { queryClient, search });
}

/** A console page opened by URL: the session (user info) and the page's code and first data, before rendering. */
export function openConsolePage(table: RouteTable, routeKey: string, search: string): void {
  prefetchUserInfo(queryClient);
  preloadConsolePage(table, routeKey, search);
}

/** A login: what this page loaded for an earlier session (user info, lists, details) goes. */
export function beginSession(): void {
  resetSessionData(queryClient);
}

/** Lets the request layer toast through the themed antd <App> and navigate through the router. */
function Bridges() {
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  useLayoutEffect(() => bindMessageApi(message), [message]);
  useLayoutEffect(() => bindNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}

/**
 * A page reached inside the app (after login, by a link) starts its code and first data as it is chosen, as
 * `openConsolePage` did for the page opened by URL; asking again for what is loaded or fresh costs nothing.
 */
function usePreloadOnArrival(table: RouteTable, routeKey: string | undefined): void {
  const location = useLocation();
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  useEffect(() => {
    if (routeKey !== undefined) preloadConsolePage(table, routeKey, searchRef.current);
  }, [routeKey, table]);
}

interface ConsoleProps {
  table: RouteTable;
  /** The signed-in page to show: the session gate, then the shell. */
  route?: RouteDef;
  /** What the gate shows when the session cannot be read (the public 404), instead of sending to /login. */
  fallback?: ReactNode;
  /** A public page (/login, /404) shown inside the console's providers once the console has loaded. */
  publicPage?: ReactNode;
}

function ConsoleRoutes({ table, route, fallback, publicPage }: ConsoleProps) {
  usePreloadOnArrival(table, publicPage ? undefined : route?.key);
  if (publicPage || !route) return publicPage;
  return (
    <SessionGate route={route} fallback={fallback}>
      <ShellLayout table={table} />
    </SessionGate>
  );
}

/** The console behind the login: its data cache, request bridges, antd's message and modal holders, the shell. */
export function Console(props: ConsoleProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <WidgetApiProvider>
        <AntdApp>
          <Bridges />
          <ConsoleRoutes {...props} />
        </AntdApp>
      </WidgetApiProvider>
    </QueryClientProvider>
  );
}
