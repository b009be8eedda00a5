import type { AccountRow, UserInfo } from '@cp/contracts';
import { consoleAppId } from '@cp/contracts/console';
import { get, post } from '../request';
import { takeEarlySessionAdapter } from './earlySession';
import type { TokenResult } from './loginApi';

/** Session and user calls of the console (the login calls are `loginApi`'s). */
export const authApi = {
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
