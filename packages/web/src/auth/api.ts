import type { AccountRow, LoginResult, UserInfo } from '@cp/contracts';
import { consoleAppId } from '@cp/contracts/console';
import { formData, get, post } from '../request';
import { takeEarlySessionAdapter } from './earlySession';

/** Every login answers at least the new session's token. */
export type TokenResult = Pick<LoginResult, 'access_token'>;

/** Session and user calls. Login calls are public and silent: the login page shows their failures. */
export const authApi = {
  login: (loginId: string, password: string) =>
    post<TokenResult>('/api/auth/login', formData({ loginId, password }), { public: true, silent: true }),
  tokenLogin: (token: string) =>
    post<TokenResult>('/api/auth/token-login', formData({ token }), {
      public: true,
      silent: true,
      headers: { Authorization: `Bearer ${token}` },
    }),
  imLogin: (code: string, state: string) =>
    post<TokenResult>('/api/auth/im-login', formData({ code, state }), { public: true, silent: true }),
  logout: () => post<null>('/api/auth/logout', undefined, { silent: true }),
  /**
   * Silent: the route guard reports a failure and sends the user to login with a redirect. The first call of
   * a page load takes the answer `index.html` already asked for.
   */
  userInfo: () => get<UserInfo>('/api/user/info', undefined, { silent: true, adapter: takeEarlySessionAdapter() }),
  pending: () => get<{ pendingNum: number }>('/api/user/pending'),
  starSeaPending: () => get<{ count: number }>('/api/user/pending/star-sea'),
  accounts: () => get<AccountRow[]>('/api/user/accounts'),
  switchAccount: (row: Pick<AccountRow, 'loginId' | 'tenantId'>) =>
    post<TokenResult>('/api/user/switch-account', {
      appId: consoleAppId,
      loginId: row.loginId,
      tenantId: row.tenantId,
    }),
};
