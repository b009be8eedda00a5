import { canOpenRoute, type RouteDef } from '@cp/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { showErrorToast } from '../request/toast';
import { loginUrl, notFoundUrl } from './guard';
import { heldKeysOf, resetSessionData, SessionProvider, useUserInfoQuery } from './session';
import { removeToken } from './token';

const sessionFailureFallback = 'Has Error';

function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : sessionFailureFallback;
}

/**
 * Loads user info and menus once; on failure clears the token, says why and sends the user to login with a
 * redirect back — or, given a `fallback` (the public 404), shows that instead. A route the user's menus do
 * not grant answers 404, naming the path.
 */
export function SessionGate({
  route,
  fallback,
  children,
}: {
  route: RouteDef;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const query = useUserInfoQuery();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failed = query.isError;
  const hasFallback = fallback !== undefined;

  useEffect(() => {
    if (!failed) return;
    removeToken();
    resetSessionData(queryClient);
    if (hasFallback) return;
    showErrorToast(failureText(query.error));
    navigate(loginUrl({ redirect: location.pathname + location.search }), { replace: true });
  }, [failed, hasFallback, query.error, queryClient, navigate, location.pathname, location.search]);

  if (failed) return fallback ?? null;
  if (!query.data) {
    return (
      <div className="session-loading">
        <Spin size="large" description="加载中..." />
      </div>
    );
  }
  if (!canOpenRoute(route, heldKeysOf(query.data))) return <Navigate to={notFoundUrl(location.pathname)} replace />;
  return <SessionProvider user={query.data}>{children}</SessionProvider>;
}
