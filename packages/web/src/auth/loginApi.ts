import type { LoginResult } from '@cp/contracts';
import { postPublicForm } from '../request/publicCall';

/** Every login answers at least the new session's token. */
export type TokenResult = Pick<LoginResult, 'access_token'>;

/**
 * The ways in, called by the login page before the console has loaded (so not through the request layer):
 * public and silent, the page shows their failures.
 */
export const loginApi = {
  login: (loginId: string, password: string) => postPublicForm<TokenResult>('/api/auth/login', { loginId, password }),
  tokenLogin: (token: string) =>
    postPublicForm<TokenResult>('/api/auth/token-login', { token }, { Authorization: `Bearer ${token}` }),
  imLogin: (code: string, state: string) => postPublicForm<TokenResult>('/api/auth/im-login', { code, state }),
};
