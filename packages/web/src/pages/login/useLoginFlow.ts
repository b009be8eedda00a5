import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi, type TokenResult } from '../../auth/api';
import { loginTokenParams, safeRedirect } from '../../auth/guard';
import { resetSessionData } from '../../auth/session';
import { setToken } from '../../auth/token';

export interface LoginForm {
  loginId: string;
  password: string;
}

function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '登录失败';
}

/** The ways in: password form, a token in the URL, or an authorization code from the messaging platform. */
function directLoginOf(params: URLSearchParams): (() => Promise<TokenResult>) | undefined {
  for (const name of loginTokenParams) {
    const token = params.get(name);
    if (token) return () => authApi.tokenLogin(token);
  }
  const code = params.get('code');
  const state = params.get('state');
  if (code && state) return () => authApi.imLogin(code, state);
  return undefined;
}

export function useLoginFlow() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));

  const run = useCallback(
    async (call: () => Promise<TokenResult>) => {
      setPending(true);
      setError(null);
      try {
        const { access_token } = await call();
        setToken(access_token);
        resetSessionData(queryClient);
        navigate(redirect, { replace: true });
      } catch (failure) {
        setError(failureText(failure));
      } finally {
        setPending(false);
      }
    },
    [navigate, queryClient, redirect],
  );

  const directLogin = directLoginOf(params);
  const attempted = useRef<string | null>(null);
  const search = params.toString();
  useEffect(() => {
    if (!directLogin || attempted.current === search) return;
    attempted.current = search;
    void run(directLogin);
  }, [directLogin, run, search]);

  const submit = useCallback((form: LoginForm) => run(() => authApi.login(form.loginId.trim(), form.password)), [run]);
  return { submit, error, pending, redirect, direct: directLogin !== undefined };
}
