import { z } from 'zod';
import { consoleAppId } from './console';
import type { MenuNode } from './routes/types';
import { idText, text } from './values';

/** The console's application id, sent on account switch and role-menu calls. */
export { consoleAppId };

export const loginBody = z.strictObject({
  loginId: text().trim().min(1, '请输入登录账号').max(64, '登录账号不能超过64个字符').meta({ title: '登录账号' }),
  password: text().min(1, '请输入密码').max(128, '密码不能超过128个字符').meta({ title: '密码' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const switchAccountBody = z.strictObject({
  appId: text().min(1).max(64).meta({ title: '应用编号' }),
  loginId: text().trim().min(1).max(64).meta({ title: '登录账号' }),
  tenantId: idText.meta({ title: '分公司' }),
});

export const roleMenuQuery = z.strictObject({
  appId: text().min(1).max(64).default(consoleAppId).meta({ title: '应用编号' }),
});

export interface LoginResult {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export interface RoleCode {
  code: string;
  name: string;
}

/** Login user info, exactly the fields of SPEC.md §3. */
export interface UserInfo {
  id: string;
  userName: string;
  name: string;
  code: string;
  loginId: string;
  roleCodes: RoleCode[];
  mobile: string;
  companyName: string;
  email: string;
  avatar: string;
  menuData: MenuNode[];
  authBtnData: string[];
  pendingNum: number;
}

export interface RoleMenu {
  menuData: MenuNode[];
  authBtnData: string[];
}

/** A row of the switch-account dialog. */
export interface AccountRow {
  tenantName: string;
  loginId: string;
  userName: string;
  roleName: string;
  tenantId: string;
  currentUser: boolean;
}
