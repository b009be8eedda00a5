import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { loadConsole } from '../../app/loadConsole';
import { loginTokenParams, safeRedirect } from '../../auth/guard';
import { loginApi, type TokenResult } from '../../auth/loginApi';
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
    if (token) return () => loginApi.tokenLogin(token);
  }
  const code = params.get('code');
  const state = params.get('state');
  if (code && state) return () => loginApi.imLogin(code, state);
  return undefined;
}

export function useLoginFlow() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
        // The console loads now that a token exists (the button keeps spinning meanwhile), and forgets what
        // it kept of an earlier session in this tab.
        (await loadConsole()).beginSession();
        navigate(redirect, { replace: true });
      } catch (failure) {
        setError(failureText(failure));
      } finally {
        setPending(false);
      }
    },
    [navigate, redirect],
  );

  const directLogin = directLoginOf(params);
  const attempted = useRef<string | null>(null);
  const search = params.toString();
  useEffect(() => {
    if (!directLogin || attempted.current === search) return;
    attempted.current = search;
    void run(directLogin);
  }, [directLogin, run, search]);

  const submit = useCallback((form: LoginForm) => run(() => loginApi.login(form.loginId.trim(), form.password)), [run]);
  return { submit, error, pending, redirect, direct: directLogin !== undefined };
}
