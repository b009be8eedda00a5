import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from './api';
import { clearAllCookies } from './cookies';
import { resetSessionData } from './session';
import { removeToken } from './token';

/**
 * Ends the session on the server (best effort), clears every cookie, the token and user info, then goes
 * to /login. Leaving the shell also drops the cached pages.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authApi.logout().catch(() => undefined);
    clearAllCookies();
    removeToken();
    resetSessionData(queryClient);
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
