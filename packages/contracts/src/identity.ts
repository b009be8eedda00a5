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

export const loginResult = z.object({
  access_token: text(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().meta({ description: '有效秒数' }),
});
export type LoginResult = z.infer<typeof loginResult>;

export const roleCode = z.object({ code: text(), name: text() });
export type RoleCode = z.infer<typeof roleCode>;

/** A node of the menu tree (a section, a group or a page). */
export const menuNode: z.ZodType<MenuNode> = z
  .object({
    key: text(),
    title: text(),
    path: text().optional(),
    badge: z.literal('pending').optional(),
    get children() {
      return z.array(menuNode).optional();
    },
  })
  .meta({ id: 'MenuNode' });

export const roleMenu = z.object({
  menuData: z.array(menuNode),
  authBtnData: z.array(text()).meta({ description: '按钮权限键' }),
});
export type RoleMenu = z.infer<typeof roleMenu>;

/** Login user info, exactly the fields of SPEC.md §3. */
export const userInfo = z.object({
  id: text(),
  userName: text(),
  name: text(),
  code: text(),
  loginId: text(),
  roleCodes: z.array(roleCode),
  mobile: text(),
  companyName: text(),
  email: text(),
  avatar: text(),
  ...roleMenu.shape,
  pendingNum: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** The session's user and branch company, without menus. */
export const baseUser = z.object({
  id: text(),
  loginId: text(),
  userName: text(),
  tenantId: text(),
  tenantName: text(),
});

/** A row of the switch-account dialog. */
export const accountRow = z.object({
  tenantName: text(),
  loginId: text(),
  userName: text(),
  roleName: text(),
  tenantId: text(),
  currentUser: z.boolean(),
});
export type AccountRow = z.infer<typeof accountRow>;
