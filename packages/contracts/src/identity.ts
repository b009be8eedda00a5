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
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().meta({ description: '有效秒数' }),
});
export type LoginResult = z.infer<typeof loginResult>;

export const roleCode = z.object({ code: z.string(), name: z.string() });
export type RoleCode = z.infer<typeof roleCode>;

/** A node of the menu tree (a section, a group or a page). */
export const menuNode: z.ZodType<MenuNode> = z
  .object({
    key: z.string(),
    title: z.string(),
    path: z.string().optional(),
    badge: z.literal('pending').optional(),
    get children() {
      return z.array(menuNode).optional();
    },
  })
  .meta({ id: 'MenuNode' });

export const roleMenu = z.object({
  menuData: z.array(menuNode),
  authBtnData: z.array(z.string()).meta({ description: '按钮权限键' }),
});
export type RoleMenu = z.infer<typeof roleMenu>;

/** Login user info, exactly the fields of SPEC.md §3. */
export const userInfo = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string(),
  code: z.string(),
  loginId: z.string(),
  roleCodes: z.array(roleCode),
  mobile: z.string(),
  companyName: z.string(),
  email: z.string(),
  avatar: z.string(),
  ...roleMenu.shape,
  pendingNum: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** The session's user and branch company, without menus. */
export const baseUser = z.object({
  id: z.string(),
  loginId: z.string(),
  userName: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
});

/** A row of the switch-account dialog. */
export const accountRow = z.object({
  tenantName: z.string(),
  loginId: z.string(),
  userName: z.string(),
  roleName: z.string(),
  tenantId: z.string(),
  currentUser: z.boolean(),
});
export type AccountRow = z.infer<typeof accountRow>;
